import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  addDemoMember,
  signInWithPassword,
  startProduct,
  type Product,
} from './harness.js';

async function signedIn(product: Product, username: string, password: string, width = 1280) {
  const page = await product.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${product.projectUrl}#/login`);
  await signInWithPassword(page, username, password);
  await page.getByTestId('top-nav').waitFor();
  return page;
}

/** Widgets of the page that show 无 (no data). */
const emptyWidgets = (page: Page) => page.locator('[data-testid^="widget-empty-"]').count();

describe('first start: the demo import in batches', () => {
  let product: Product;

  beforeAll(async () => {
    // Four batches of 10,000: long enough to watch, short enough for a test.
    product = await startProduct({ demoPosts: 40_000, awaitDemo: false });
  });
  afterAll(() => product.close());

  it('shows viewers its progress, and the charts fill as batches commit', async () => {
    const viewer = await addDemoMember(product, 'viewer');
    const page = await signedIn(product, viewer.username, viewer.password);
    await page.goto(`${product.projectUrl}#/overview`);
    const banner = page.getByTestId('import-progress');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.innerText()).toMatch(/演示数据导入中 \d+%/);
    await page.locator('[data-widget-type]').first().waitFor();

    // A batch commits while the import still runs: the charts that showed 无 load again.
    await page.waitForFunction(
      () => {
        const text = document.querySelector('[data-testid="import-progress"]')?.textContent ?? '';
        return /已导入 [1-9][\d,]* \//.test(text);
      },
      undefined,
      { timeout: 60_000 },
    );
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid^="widget-empty-"]').length <= 1,
      undefined,
      { timeout: 20_000 },
    );
    expect(await banner.isVisible()).toBe(true);
    await product.screenshot(page, 'layout-import-progress-1280');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await product.screenshot(page, 'layout-import-progress-1920');

    await product.demoPosts;
    await banner.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await emptyWidgets(page)).toBeLessThanOrEqual(1);
  });
});

describe('layout', () => {
  let product: Product;

  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product.close());

  const admin = (width?: number) => signedIn(product, 'admin', ADMIN_PASSWORD, width);

  it('the subject overview has no empty band above 核心指标 and no empty half row', async () => {
    for (const width of [1280, 1920]) {
      const page = await admin(width);
      await page.goto(`${product.baseUrl}/yuqing/demo/demo/latest/subject/launch/#/overview`);
      await page.locator('[data-widget-type]').first().waitFor();
      await page.waitForTimeout(1_000);
      const boxes = await page.locator('[data-widget-type]').evaluateAll((frames) =>
        frames.map((frame) => {
          const box = frame.getBoundingClientRect();
          const area = frame.closest('[data-testid="widget-grid"]')!.getBoundingClientRect();
          return {
            title: (frame as HTMLElement).innerText.split('\n')[0],
            top: box.top - area.top,
            left: box.left - area.left,
            right: area.right - box.right,
          };
        }),
      );
      expect(Math.min(...boxes.map((box) => box.top))).toBeLessThan(20);
      const words = boxes.find((box) => box.title === '热词云')!;
      const row = boxes.filter((box) => Math.abs(box.top - words.top) < 2);
      expect(Math.min(...row.map((box) => box.left))).toBeLessThan(20);
      expect(Math.min(...row.map((box) => box.right))).toBeLessThan(20);
      await product.screenshot(page, `layout-subject-overview-${width}`);
      await page.close();
    }
  });

  it('the landing banner shows whole, and pie labels are not cut', async () => {
    for (const width of [1280, 1920]) {
      const page = await admin(width);
      await page.goto(`${product.projectUrl}#/overview`);
      const landing = page.locator(
        '[data-widget-type="landing-page"] [data-testid^="widget-body-"]',
      );
      await landing.waitFor();
      const fits = await landing.evaluate((body) => {
        const frame = body.closest('[data-widget-type]')!.getBoundingClientRect();
        return (
          body.scrollHeight <= body.clientHeight + 1 &&
          body.getBoundingClientRect().bottom <= frame.bottom
        );
      });
      expect(fits).toBe(true);
      await product.screenshot(page, `layout-overview-${width}`);
      await page.goto(`${product.projectUrl}#/sentiment`);
      await page.locator('[data-widget-type="pie"] canvas').first().waitFor();
      await page.waitForTimeout(800);
      await product.screenshot(page, `layout-sentiment-${width}`);
      await page.goto(`${product.projectUrl}#/trend`);
      await page.locator('[data-widget-type="heat-map-polar"] canvas').first().waitFor();
      await page.waitForTimeout(800);
      await product.screenshot(page, `layout-trend-${width}`);
      await page.goto(`${product.projectUrl}#/manage`);
      await page.locator('[data-testid="manage-grid"] [data-widget-type]').first().waitFor();
      await page.waitForTimeout(1_500);
      await product.screenshot(page, `layout-manage-${width}`);
      await page.close();
    }
  });
});
