import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  addDemoMember,
  pageSettled,
  signInWithPassword,
  startProduct,
  widgetsSettled,
  type Product,
} from './harness.js';

const SENTIMENTS = ['正面', '中性', '负面'] as const;
type Counts = Record<string, number>;

/**
 * The numbers the 情感占比 pie draws: its widget's data in the newest `page_data` answer that has
 * it, of those `answers` collected from the page's responses. Another page's answer (the overview
 * the analyst signed in to) can arrive after the sentiment page's.
 */
function pieCounts(answers: unknown[], pieId: string): Counts | undefined {
  for (const answer of [...answers].reverse()) {
    const { data } = answer as {
      data: { widgets: Record<string, { data?: { list: { name: string; value: number }[] } }> };
    };
    const list = data.widgets[pieId]?.data?.list;
    if (list) return Object.fromEntries(list.map(({ name, value }) => [name, value]));
  }
  return undefined;
}

describe('corrections: an analyst corrects a post on the sentiment page', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product.close());

  for (const width of [1280, 1920]) {
    it(`changes a post's sentiment from the hot-post drawer, and the pie counts it (${width})`, async () => {
      // An analyst: a member of the project without admin rights.
      const analyst = await addDemoMember(product, 'viewer');
      const page: Page = await product.newPage();
      await page.setViewportSize({ width, height: 900 });
      const answers: unknown[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/v1/page_data') && response.ok())
          void response.json().then(
            (body: unknown) => answers.push(body),
            () => undefined,
          );
      });
      await page.goto(`${product.projectUrl}#/login`);
      await signInWithPassword(page, analyst.username, analyst.password);
      await page.getByTestId('top-nav').waitFor();
      await page.goto(`${product.projectUrl}#/sentiment`);
      await widgetsSettled(page);
      const pie = page.locator('[data-widget-type="pie"]').first();
      const pieId = (await pie.getAttribute('data-testid'))!.replace('widget-', '');
      await expect.poll(() => pieCounts(answers, pieId)).toBeDefined();
      const before = pieCounts(answers, pieId)!;
      const loads = answers.length;

      await page.getByTestId('hot-post-trigger').click();
      const drawer = page.getByTestId('hot-post-drawer');
      await page.waitForSelector('[data-testid="hot-post-drawer"][data-loading="false"]');
      // A post nobody corrected yet.
      const uncorrected = drawer
        .locator('[data-testid^="post-card-"][data-variant]')
        .filter({ hasNot: page.locator('[data-testid^="post-corrected-"]') })
        .first();
      const postId = (await uncorrected.getAttribute('data-testid'))!.replace('post-card-', '');
      const card = drawer.getByTestId(`post-card-${postId}`);
      const machine = (await card.locator('[data-tendency]').getAttribute('data-tendency'))!;
      expect(SENTIMENTS).toContain(machine);
      const chosen = machine === '负面' ? '正面' : '负面';

      await card.getByTestId(`post-correct-${postId}`).click();
      await page.getByTestId(`post-sentiment-${postId}-${chosen}`).click();
      await page.getByText(`已将倾向改为「${chosen}」`).waitFor();
      await card.locator(`[data-tendency="${chosen}"]`).waitFor();
      const mark = card.getByTestId(`post-corrected-${postId}`);
      await mark.waitFor();
      await mark.hover();
      await page.getByText(`情感倾向：${analyst.username}`).waitFor();
      await product.screenshot(page, `corrections-drawer-${width}`);

      // The page's widgets load again and count the person's sentiment.
      await expect.poll(() => pieCounts(answers.slice(loads), pieId)).toBeDefined();
      const after = pieCounts(answers.slice(loads), pieId)!;
      expect(after[chosen]).toBe((before[chosen] ?? 0) + 1);
      expect(after[machine] ?? 0).toBe(before[machine]! - 1);

      await page.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'detached' });
      await widgetsSettled(page);
      await pageSettled(page);
      await product.screenshot(page, `corrections-sentiment-${width}`);
      await page.close();
    });
  }

  it('evaluates the corrected posts and exports them in 数据管理 (admin)', async () => {
    const page = await product.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${product.projectUrl}#/login`);
    await signInWithPassword(page, 'admin', ADMIN_PASSWORD);
    await page.getByTestId('top-nav').waitFor();
    await page.goto(`${product.projectUrl}#/manage/data`);
    const panel = page.getByTestId('sentiment-eval');
    await panel.getByTestId('sentiment-eval-corrections').click();
    const result = page.getByTestId('sentiment-eval-result');
    await result.waitFor();
    // The two posts corrected above.
    expect(await result.textContent()).toContain('样本2条');
    await page.getByTestId('sentiment-eval-confusion').waitFor();
    await pageSettled(page);
    await product.screenshot(page, 'corrections-evaluation');

    // An upload with a bad label is refused, naming its line.
    await page.locator('.ant-drawer-close').click();
    await result.waitFor({ state: 'detached' });
    await page.getByTestId('sentiment-eval-input').setInputFiles({
      name: 'labels.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('\uFEFF文本,标签\n星河S7续航很满意,正面\n售后太差了,差评\n', 'utf8'),
    });
    await page.getByText('第 3 行：标签「差评」无效，应为 正面、中性 或 负面').waitFor();
    await page.close();
  });
});
