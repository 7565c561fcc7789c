import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPage, startProduct, widgetsSettled, type Product } from './harness.js';

/** Shoots the page at the two widths our users have. */
async function shootBothWidths(product: Product, page: Page, name: string) {
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await product.screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('reports: made from a page, published and opened by a share link', () => {
  let product: Product;
  let page: Page;
  beforeAll(async () => {
    product = await startProduct();
    page = await adminPage(product);
  });
  afterAll(() => product.close());

  it('makes a report of the overview, publishes it and shares it with someone without an account', async () => {
    await page.goto(`${product.projectUrl}#/overview`);
    await widgetsSettled(page);
    await page.getByTestId('report-button').click();
    await page.waitForURL(/#\/report\?id=/, { waitUntil: 'commit', timeout: 60_000 });
    const view = page.getByTestId('report-view');
    await view.waitFor();
    await widgetsSettled(page);
    expect(await view.innerText()).toContain('声量走势');
    expect(await page.getByTestId('report-source').innerText()).toContain('时间范围');
    expect(await page.getByTestId('report-status').innerText()).toBe('草稿');

    await page.getByTestId('report-publish').click();
    await page.getByTestId('report-status').getByText('已发布').waitFor();
    await shootBothWidths(product, page, 'report-detail');

    await page.getByTestId('report-share').click();
    await page.getByTestId('share-create').click();
    const url = await page.getByTestId('share-url').inputValue();
    expect(url).toMatch(/\/share\/[\w-]+$/);
    await page.getByTestId('share-list').locator('[data-testid^="share-row-"]').first().waitFor();
    await product.screenshot(page, 'report-share-dialog');

    const stranger = await product.strangerPage();
    await stranger.goto(url);
    await stranger.getByTestId('report-view').waitFor({ timeout: 30_000 });
    await widgetsSettled(stranger);
    expect(await stranger.getByTestId('shared-report-project').innerText()).toBeTruthy();
    expect(await stranger.getByTestId('report-view').innerText()).toContain('声量走势');
    await shootBothWidths(product, stranger, 'report-shared');

    const token = url.split('/share/')[1]!;
    const search = await stranger.request.post(
      `${product.baseUrl}/api/v1/search?repository=yuqing&customer=demo&project=demo`,
      {
        headers: { authorization: `Bearer ${token}` },
        data: { aggs: 'common_terms', field: 'tendency' },
      },
    );
    expect(search.status()).toBe(401);

    await page.getByTestId('share-revoke').first().click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /撤\s*销/ })
      .click();
    await page.getByTestId('share-list').getByText('已撤销').waitFor();
    await stranger.reload();
    await stranger.getByTestId('shared-report-refused').getByText('分享链接已撤销').waitFor();
  }, 180_000);

  it('lists the report among the project reports', async () => {
    await page.goto(`${product.projectUrl}#/report`);
    const list = page.getByTestId('report-list');
    await list.waitFor();
    await list.locator('[data-testid^="report-row-"]').first().waitFor();
    expect(await list.locator('[data-testid^="report-row-"]').count()).toBe(1);
    await shootBothWidths(product, page, 'report-list');
  });
});
