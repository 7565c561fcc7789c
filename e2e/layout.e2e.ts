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
    // The waits above allow 30 + 60 + 20 s, the import's end as much again; 85 s measured busy.
  }, 300_000);
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
      await pageSettled(page);
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
      await product.screenshot(page, `layout-sentiment-${width}`);
      await page.goto(`${product.projectUrl}#/trend`);
      await page.locator('[data-widget-type="heat-map-polar"] canvas').first().waitFor();
      await product.screenshot(page, `layout-trend-${width}`);
      await page.goto(`${product.projectUrl}#/manage`);
      await page.locator('[data-testid="manage-grid"] [data-widget-type]').first().waitFor();
      await widgetsSettled(page);
      await pageSettled(page);
      // Every widget's contents lie within it: cards, and chart canvases.
      const clipped = await page
        .locator('[data-testid="manage-grid"] [data-widget-type]')
        .evaluateAll((frames) =>
          frames.flatMap((frame) => {
            const box = frame.getBoundingClientRect();
            const inside = (element: Element) => {
              const rect = element.getBoundingClientRect();
              return (
                rect.left >= box.left - 1 &&
                rect.right <= box.right + 1 &&
                rect.top >= box.top - 1 &&
                rect.bottom <= box.bottom + 1
              );
            };
            const parts = [...frame.querySelectorAll('canvas, [data-metric]')];
            return parts
              .filter((part) => !inside(part))
              .map((part) => `${frame.getAttribute('data-widget-type')} ${part.tagName}`);
          }),
        );
      expect(clipped).toEqual([]);
      // Scrolled to its end, the page list and the canvas still reach the window's bottom.
      const columns = await page.evaluate(() => {
        const main = document.querySelector('main')!;
        main.scrollTo({ top: main.scrollHeight });
        const bottom = main.getBoundingClientRect().bottom;
        const end = (testId: string) =>
          document.querySelector(`[data-testid="${testId}"]`)!.getBoundingClientRect().bottom;
        return {
          scrolls: main.scrollHeight > main.clientHeight + 1,
          pages: bottom - end('manage-pages'),
          canvas: bottom - end('manage-canvas'),
          side: bottom - end('manage-side'),
          // The side panel scrolls within itself to its last palette item.
          sideScrolls: [
            ...document.querySelectorAll(
              '[data-testid="manage-side"], [data-testid="manage-side"] *',
            ),
          ].some(
            (element) =>
              element.scrollHeight > element.clientHeight + 1 &&
              ['auto', 'scroll'].includes(getComputedStyle(element).overflowY),
          ),
        };
      });
      console.log('manage columns', width, columns);
      expect(columns.pages).toBeLessThan(2);
      expect(columns.canvas).toBeLessThan(2);
      expect(columns.scrolls).toBe(false);
      expect(columns.sideScrolls).toBe(true);
      await product.screenshot(page, `layout-manage-${width}`);
      await page.close();
    }
  });

  it('the retweet graph shows the largest cascades, and the one the viewer picks', async () => {
    for (const width of [1280, 1920]) {
      const page = await admin(width);
      await page.goto(`${product.projectUrl}#/spread`);
      await page.getByText('6个月', { exact: true }).click();
      const graph = page.locator('[data-widget-type="m-weibo-graph"]');
      await graph.locator('canvas').waitFor();
      const picker = graph.locator('[data-testid^="graph-cascade-"]');
      expect(await picker.innerText()).toMatch(/最大的 \d+ 条传播链/);
      await product.screenshot(page, `layout-graph-${width}`);
      await picker.click();
      await page.locator('.ant-select-item-option').nth(1).click();
      expect(await picker.innerText()).toMatch(/^1\. .+ · \d+ 个节点$/);
      await product.screenshot(page, `layout-graph-picked-${width}`);
      await page.close();
    }
  });

  it('in English, the interface says nothing in Chinese on any screen, at 1280 and 1920 px', async () => {
    const screens = [
      'overview',
      'sentiment',
      'region',
      'spread',
      'ai-report',
      'report',
      'kg',
      'search',
      'alerts',
      'download',
      'manage',
      'manage/data',
      'manage/alerts',
      'manage/schedules',
      'manage/sys',
      'manage/admin',
    ];
    // Every screen at 1280 px, where the menus fold; the widest pages again at 1920 px.
    const widths = { 1280: screens, 1920: ['overview', 'manage'] };
    const chinese: string[] = [];
    for (const [width, shown] of Object.entries(widths)) {
      const page = await admin(Number(width));
      await page.getByTestId('locale-switch').click();
      await page.getByTestId('top-nav').getByText('Logout').waitFor();
      for (const screen of shown) {
        await page.goto(`${product.projectUrl}#/${screen}`);
        await page.locator('main').first().waitFor();
        await pageSettled(page);
        // Visible widgets only: a screen left behind may keep hidden ones for a moment.
        if (await page.locator('[data-widget-type]:visible').count()) await widgetsSettled(page);
        const found = await page.evaluate(interfaceChinese);
        chinese.push(...found.map((text) => `#/${screen} ${width}: ${text}`));
        await product.screenshot(page, `english-${screen.replace('/', '-')}-${width}`);
      }
      await page.getByTestId('locale-switch').click();
      await page.close();
    }
    expect([...new Set(chinese)]).toEqual([]);
  }, 240_000);
});

/**
 * Texts of the interface itself that hold Chinese: buttons, tabs, menus, labels, headings,
 * placeholders, empty states and widget titles (h3), but not what posts and project data put on
 * screen (post cards, chart bodies, table rows, filter values and chosen options).
 */
function interfaceChinese(): string[] {
  const CHINESE = /[\u3400-\u9fff]/;
  const DATA = [
    '[data-testid^="post-card-"]',
    '[data-testid^="widget-body-"]',
    '[data-testid^="filter-chip"]',
    // The switch names the language it switches to in that language: 中文.
    '[data-testid="locale-switch"]',
    '.ant-table-tbody',
    '.ant-select-selection-item',
    '.ant-tree',
    'input',
    'textarea',
  ].join(',');
  const CHROME = [
    'button',
    '[role="tab"]',
    '[role="menuitem"]',
    'th',
    'label',
    'h1, h2, h3, h4, h5',
    '.ant-card-head-title',
    '.ant-modal-title',
    '.ant-empty-description',
    '.ant-select-selection-placeholder',
    '.ant-form-item-extra',
    '.ant-alert-message',
  ].join(',');
  const found: string[] = [];
  for (const element of document.querySelectorAll<HTMLElement>(CHROME)) {
    if (element.closest(DATA) || !element.checkVisibility()) continue;
    const text = element.innerText.trim();
    if (CHINESE.test(text)) found.push(text.slice(0, 80));
  }
  for (const element of document.querySelectorAll<HTMLElement>('[placeholder]')) {
    const text = element.getAttribute('placeholder')!;
    if (CHINESE.test(text)) found.push(`placeholder ${text.slice(0, 80)}`);
  }
  return found;
}
