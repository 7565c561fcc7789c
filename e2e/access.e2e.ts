import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDemoMember,
  ADMIN_PASSWORD,
  signInWithPassword,
  startProduct,
  type Product,
} from './harness.js';

describe('menus, roles and result pages', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product.close());

  async function signedIn(username: string, password: string, hash = '#/overview') {
    const page = await product.newPage();
    await page.goto(`${product.projectUrl}#/login`);
    await signInWithPassword(page, username, password);
    await page.getByTestId('top-nav').waitFor();
    await page.goto(`${product.projectUrl}${hash}`);
    return page;
  }

  const visibleItems = async (page: Awaited<ReturnType<typeof signedIn>>) =>
    page
      .locator('[data-testid^="nav-item-"]')
      .evaluateAll((items) =>
        items.map((item) => item.getAttribute('data-testid')!.replace('nav-item-', '')),
      );

  it('shows a viewer the shown, non-admin menu items only', async () => {
    const viewer = await addDemoMember(product, 'viewer');
    const page = await signedIn(viewer.username, viewer.password);
    await page.getByTestId('dashboard-overview').waitFor();
    const items = await visibleItems(page);
    expect(items).toEqual([
      'overview',
      'trend',
      'sentiment',
      'media',
      'region',
      'topic',
      'spread',
      'information',
      'briefing',
      'ai-report',
    ]);
    await product.screenshot(page, 'viewer-overview');
    await page.close();
  });

  it('shows an admin the admin-visible items too, never the hidden one', async () => {
    const page = await signedIn('admin', ADMIN_PASSWORD);
    await page.getByTestId('nav-item-audit').waitFor({ state: 'attached' });
    const items = await visibleItems(page);
    expect(items).toContain('audit');
    expect(items).not.toContain('archive');
    await page.getByTestId('nav-item-sentiment').click();
    await page.waitForURL(/#\/sentiment\?step=0$/, { waitUntil: 'commit' });
    await page.close();
  });

  it('sends a viewer who opens the manage pages to 403, whose link signs in again', async () => {
    const viewer = await addDemoMember(product, 'viewer');
    const page = await signedIn(viewer.username, viewer.password, '#/manage');
    await page.waitForURL(/#\/403/, { waitUntil: 'commit' });
    await page.getByTestId('result-403').waitFor();
    expect(await page.getByTestId('result-403').textContent()).toContain(
      '对不起，您没有权限访问此页面。',
    );
    expect(await page.getByTestId('top-nav').count()).toBe(0);
    await product.screenshot(page, 'forbidden-403');
    await page.getByText('重新登录').click();
    await page.waitForURL(/#\/login/, { waitUntil: 'commit' });
    await page.close();
  });

  it('lets an admin into the manage tabs', async () => {
    const page = await signedIn('admin', ADMIN_PASSWORD, '#/manage');
    await page.getByTestId('manage-editor').waitFor();
    await page.getByText('数据配置').first().waitFor();
    expect(await page.getByText('系统配置').count()).toBeGreaterThan(0);
    await product.screenshot(page, 'manage-visual');
    await page.close();
  });

  it('shows 404 with a link home, and sends unknown paths to the default item', async () => {
    const page = await signedIn('admin', ADMIN_PASSWORD, '#/404');
    await page.getByTestId('result-404').waitFor();
    expect(await page.getByTestId('result-404').textContent()).toContain(
      '对不起，您访问的页面不存在',
    );
    await product.screenshot(page, 'not-found-404');
    await page.getByText('返回首页').click();
    await page.waitForURL((url) => !url.hash.includes('404'), { waitUntil: 'commit' });

    await page.goto(`${product.projectUrl}#/no-such-page`);
    await page.waitForURL(/#\/overview/, { waitUntil: 'commit' });
    await page.close();
  });
});
