import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPage,
  CANVAS_TYPES,
  pageSettled,
  widgetsSettled,
  startProduct,
  type Product,
} from './harness.js';

const PAGES = [
  'overview',
  'trend',
  'sentiment',
  'media',
  'region',
  'topic',
  'spread',
  'information',
  'briefing',
  'audit',
];
/** Widgets that list posts: each shows at least one post card or row. */
const POST_TYPES = new Set([
  'articles',
  'post-list',
  'tab-post',
  'information',
  'search-post',
  'hot-list',
]);
const CANVAS = new Set(CANVAS_TYPES);

interface WidgetState {
  id: string;
  type: string;
  loading: boolean;
  empty: boolean;
  canvas: boolean;
  posts: number;
  text: string;
}

/** Every widget of the page, once none is loading any more. */
async function settledWidgets(page: Page): Promise<WidgetState[]> {
  await widgetsSettled(page);
  await pageSettled(page);
  return page.locator('[data-widget-type]').evaluateAll((frames) =>
    frames.map((frame) => ({
      id: frame.getAttribute('data-testid')!.replace('widget-', ''),
      type: frame.getAttribute('data-widget-type')!,
      loading: frame.querySelector('[data-loading="true"]') !== null,
      empty: frame.querySelector('[data-testid^="widget-empty-"]') !== null,
      canvas: frame.querySelector('canvas') !== null,
      posts: frame.querySelectorAll('[data-testid^="post-card-"]').length,
      text: (frame as HTMLElement).innerText,
    })),
  );
}

describe('dashboard viewer on the demo project', () => {
  let product: Product;
  let page: Page;
  beforeAll(async () => {
    product = await startProduct();
    page = await adminPage(product);
  });
  afterAll(() => product.close());

  it('draws every widget of every demo page with real data', async () => {
    for (const key of PAGES) {
      await page.goto(`${product.projectUrl}#/${key}`);
      await page.getByTestId(`dashboard-${key}`).waitFor();
      const widgets = await settledWidgets(page);
      expect(widgets.length, key).toBeGreaterThan(0);
      for (const widget of widgets) {
        const where = `${key}/${widget.id} (${widget.type})`;
        expect(widget.empty, `${where} shows 无`).toBe(false);
        if (CANVAS.has(widget.type)) expect(widget.canvas, `${where} canvas`).toBe(true);
        if (POST_TYPES.has(widget.type))
          expect(widget.posts, `${where} posts: ${widget.text.slice(0, 300)}`).toBeGreaterThan(0);
      }
      await product.screenshot(page, `dashboard-${key}`);
    }
  });

  it('reloads with new numbers when the range or a chip changes, and a copied URL restores the view', async () => {
    await page.goto(`${product.projectUrl}#/overview`);
    await page.getByTestId('dashboard-overview').waitFor();
    await settledWidgets(page);
    const cards = page.locator('[data-widget-type="statistics-card"]');
    const thirtyDays = await cards.innerText();

    await page.getByTestId('quick-range-7d').click();
    await settledWidgets(page);
    const sevenDays = await cards.innerText();
    expect(sevenDays).not.toBe(thirtyDays);

    // Drill down from the authors table: a chip appears and every widget reloads.
    const table = page.locator('[data-widget-type="m-table"]');
    const author = table.locator('button[title^="筛选："]').first();
    const name = (await author.innerText()).trim();
    await author.click();
    await page.getByTestId('filter-chip-0').waitFor();
    expect(await page.getByTestId('filter-chip-0').innerText()).toContain(name);
    await settledWidgets(page);
    const drilled = await cards.innerText();
    expect(drilled).not.toBe(sevenDays);

    // Excluding the chip shows everything but that author.
    await page.getByTestId('filter-chip-exclude-0').click();
    await settledWidgets(page);
    const excluded = await cards.innerText();
    expect(excluded).not.toBe(drilled);
    await product.screenshot(page, 'dashboard-overview-drilled');

    const copied = page.url();
    expect(copied).toContain('query=');
    const other = await product.browser.newPage();
    await other.goto(copied);
    await other.getByTestId('dashboard-overview').waitFor();
    await settledWidgets(other);
    expect(await other.getByTestId('filter-chip-0').innerText()).toContain(name);
    expect(await other.locator('[data-widget-type="statistics-card"]').innerText()).toBe(excluded);
    await other.close();
  });

  it('opens the AI report on its built-in layouts, for the project and for a subject', async () => {
    const subjectUrl = `${product.projectUrl}subject/launch/`;
    for (const [url, name] of [
      [product.projectUrl, 'ai-report'],
      [subjectUrl, 'ai-report-subject'],
    ] as const) {
      await page.goto(`${url}#/ai-report`);
      await page.getByTestId('dashboard-ai-report').waitFor();
      if (url === subjectUrl) {
        // The subject is one model's posts: on the small e2e demo a week of them may hold no
        // retweet chain, depending on the hour the demo was generated; a month holds several.
        await settledWidgets(page);
        await page.getByTestId('quick-range-30d').click();
        await page.getByTestId('date-range-preset').getByText('30天').waitFor();
      }
      const widgets = await settledWidgets(page);
      expect(widgets.length).toBeGreaterThan(4);
      expect(widgets.filter((widget) => widget.empty)).toEqual([]);
      const summary = page.getByTestId('ai-report-summary');
      await summary.getByText(/本期共监测到相关信息 [\d,]+ 条/).waitFor();
      await product.screenshot(page, name);
    }
    // The subject's own dashboard, its name in the navigation.
    await page.goto(`${subjectUrl}#/spread`);
    await page.getByTestId('dashboard-spread').waitFor();
    expect(await page.getByTestId('top-nav').innerText()).toContain('#星河S7新品发布#');
    await settledWidgets(page);
    await product.screenshot(page, 'subject-spread');
  });
});
