import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  DEMO_POSTS,
  signInWithPassword,
  startProduct,
  type Product,
} from './harness.js';

describe('re-tagging the stored posts after a rule change', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product.close());

  it('re-tags every demo post from #/manage/data, showing the progress to the end', async () => {
    const page = await product.newPage();
    await page.goto(`${product.projectUrl}#/login`);
    await signInWithPassword(page, 'admin', ADMIN_PASSWORD);
    await page.getByTestId('top-nav').waitFor();
    await page.goto(`${product.projectUrl}#/manage/data`);
    const retag = page.getByTestId('retag');
    await retag.getByRole('button', { name: /重新标注已有数据/ }).click();
    // It says what it will do before it starts.
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText('重新标注已有数据？').waitFor();
    expect(await retag.locator('[data-testid="retag-progress"]').count()).toBe(0);
    await confirm.getByRole('button', { name: '开始标注' }).click();
    const total = DEMO_POSTS.toLocaleString();
    await retag.getByText(`已标注 ${total} / ${total} 条`).waitFor({ timeout: 30_000 });
    // The last batch's count shows while the job is still running; the bar turns green when the
    // job has ended.
    await retag.locator('.ant-progress-status-success').waitFor();
    expect(await retag.locator('.ant-progress-status-success').count()).toBe(1);
    await product.screenshot(page, 'manage-data-retag');
    await page.close();
  });
});
