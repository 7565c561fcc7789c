import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPage, startProduct, widgetsSettled, type Product } from './harness.js';

const OFFLINE = '当前下载条数已超过[2000]条，将使用离线下载，请稍后前往离线下载列表中查看！';

/** Clicks a footer button and answers the file the browser downloads. */
async function download(page: Page, testId: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByTestId(testId).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path!) };
}

describe('exports: the footer downloads and the offline download list', () => {
  let product: Product;
  let page: Page;
  beforeAll(async () => {
    product = await startProduct();
    page = await adminPage(product);
  });
  afterAll(() => product.close());

  it('downloads the overview as a deck with native charts and as a Word brief', async () => {
    await page.goto(`${product.projectUrl}#/overview`);
    await widgetsSettled(page);
    const deck = await download(page, 'download-download_ppt');
    expect(deck.name).toMatch(/^星河汽车舆情监测-概览-\d{8}-\d{4}\.pptx$/);
    const slides = await JSZip.loadAsync(deck.bytes);
    expect(
      Object.keys(slides.files).filter((name) => /^ppt\/charts\/chart\d+\.xml$/.test(name)).length,
    ).toBeGreaterThanOrEqual(3);

    const brief = await download(page, 'download-download_word');
    expect(brief.name).toMatch(/\.docx$/);
    const word = await JSZip.loadAsync(brief.bytes);
    expect(await word.file('word/document.xml')!.async('string')).toContain('声量走势');
    await product.screenshot(page, 'exports-overview-footer');
  });

  it('downloads three days of posts as xlsx at once, and six months as an offline job that reaches 100%', async () => {
    await page.goto(`${product.projectUrl}#/information`);
    await widgetsSettled(page);
    // Under 2,000 posts: the month holds the demo's recall, more than that.
    await page.getByTestId('quick-range-3d').click();
    await widgetsSettled(page);
    const month = await download(page, 'download-download_excel');
    expect(month.name).toMatch(/\.xlsx$/);
    expect(month.bytes.subarray(0, 2).toString()).toBe('PK');

    await page.getByTestId('quick-range-6m').click();
    await widgetsSettled(page);
    await page.getByTestId('download-download_excel').click();
    await page.getByText(OFFLINE).waitFor({ timeout: 60_000 });

    await page.goto(`${product.projectUrl}#/download`);
    const table = page.getByTestId('download-jobs');
    await table.waitFor();
    await page.getByText('已完成').first().waitFor({ timeout: 60_000 });
    const row = page.locator('[data-testid^="job-row-"]').first();
    expect(await row.innerText()).toContain('已完成');
    expect(await row.locator('[role="progressbar"]').getAttribute('aria-valuenow')).toBe('100');
    await page.setViewportSize({ width: 1280, height: 800 });
    // At 1280 px every column is in view: nothing hides under the fixed 操作 column.
    await expect
      .poll(() =>
        table.locator('.ant-table-content').evaluate((box) => box.scrollWidth - box.clientWidth),
      )
      .toBeLessThanOrEqual(0);
    await product.screenshot(page, 'exports-download-list-1280');
    await page.setViewportSize({ width: 1920, height: 1000 });
    await product.screenshot(page, 'exports-download-list-1920');
    await page.setViewportSize({ width: 1440, height: 900 });

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      row.getByTestId('job-download').click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);

    await row.getByTestId('job-delete').click();
    await page
      .getByRole('button', { name: /确\s*定|删\s*除|OK/ })
      .last()
      .click();
    await page.getByText('暂无离线下载任务').waitFor();
  }, 180_000);
});
