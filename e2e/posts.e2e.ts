import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPage, startProduct, type Product } from './harness.js';

/** Ids of the post cards shown, in order. */
async function cardIds(scope: Page | Locator): Promise<string[]> {
  return scope
    .locator('[data-testid^="post-card-"]:not([data-testid="post-card-expand"])')
    .evaluateAll((cards) =>
      cards
        .map((card) => card.getAttribute('data-testid')!.replace('post-card-', ''))
        .filter((id) => id !== 'retweeted'),
    );
}

/** The search results once nothing is loading. */
async function settledResults(page: Page) {
  await page.getByTestId('search-results').first().waitFor();
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[data-testid="search-results"] [data-loading="true"]').length ===
        0 && document.querySelector('[data-testid="search-total"][data-total]') !== null,
    undefined,
    { timeout: 30_000 },
  );
}

const keywordBox = (page: Page) =>
  page.locator('input[data-testid="keyword-search"], [data-testid="keyword-search"] input').first();

async function totalOf(page: Page): Promise<number> {
  return Number(await page.getByTestId('search-total').getAttribute('data-total'));
}

describe('posts: search, cards, hot-post drawer and the #/kg hand-over', () => {
  let product: Product;
  let page: Page;
  beforeAll(async () => {
    product = await startProduct();
    page = await adminPage(product);
  });
  afterAll(() => product.close());

  it('searches with a keyword, highlights it, and pages through the results', async () => {
    await page.goto(`${product.projectUrl}#/search`);
    await page.getByTestId('search-page').waitFor();
    await settledResults(page);
    const everything = await totalOf(page);
    expect(everything).toBeGreaterThan(20);

    // An invalid expression is shown inline and not applied.
    await keywordBox(page).fill('(续航');
    await keywordBox(page).press('Enter');
    await page.getByTestId('keyword-error').waitFor();
    expect(await totalOf(page)).toBe(everything);

    await keywordBox(page).fill('续航');
    await keywordBox(page).press('Enter');
    await page.waitForFunction(
      (before) =>
        Number(
          document.querySelector('[data-testid="search-total"]')?.getAttribute('data-total'),
        ) !== before,
      everything,
    );
    await settledResults(page);
    const total = await totalOf(page);
    expect(total).toBeGreaterThan(20);
    expect(total).toBeLessThan(everything);
    expect(await page.getByTestId('search-total').innerText()).toContain(String(total));

    const first = await cardIds(page.getByTestId('search-results'));
    expect(first).toHaveLength(20);
    const marks = await page.locator('[data-testid="search-results"] mark').allInnerTexts();
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.some((text) => text === '续航')).toBe(true);
    await product.screenshot(page, 'posts-search-normal');

    // Page 2: other posts, and the page area back at the top.
    await page.locator('main').evaluate((main) => main.scrollTo({ top: 2000 }));
    await page.getByTestId('search-pagination').locator('.ant-pagination-item-2').click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="search-pagination"][data-page="2"]'),
    );
    await settledResults(page);
    const second = await cardIds(page.getByTestId('search-results'));
    expect(second.length).toBeGreaterThan(0);
    expect(second.some((id) => first.includes(id))).toBe(false);
    expect(await page.locator('main').evaluate((main) => main.scrollTop)).toBe(0);
  });

  it('expands a long text and switches the sort', async () => {
    const expand = page.getByTestId('post-card-expand').first();
    if (await expand.count()) {
      await expand.click();
      expect(await expand.getAttribute('aria-expanded')).toBe('true');
      expect(await expand.innerText()).toBe('收起');
    }
    const before = await cardIds(page.getByTestId('search-results'));
    await page.getByTestId('search-sort').click();
    await page.locator('.ant-select-dropdown').getByText('互动量从高到低', { exact: true }).click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="search-pagination"][data-page="1"]'),
    );
    await settledResults(page);
    const sorted = await cardIds(page.getByTestId('search-results'));
    expect(sorted).not.toEqual(before);
  });

  it('remembers the compact view type across a reload', async () => {
    await page.getByTestId('search-view-type').getByText('紧凑').click();
    await page.locator('[data-view="compact"]').first().waitFor();
    await product.screenshot(page, 'posts-search-compact');
    await page.reload();
    await page.getByTestId('search-page').waitFor();
    await settledResults(page);
    expect(
      await page.locator('[data-testid="search-results"] [data-view="compact"]').count(),
    ).toBeGreaterThan(0);
    // Back to cards for the next steps.
    await page.getByTestId('search-view-type').getByText('标准').click();
    await page.locator('[data-testid="search-results"] [data-view="normal"]').first().waitFor();
  });

  it('hands a post over to #/kg in a new tab', async () => {
    const [id] = await cardIds(page.getByTestId('search-results'));
    const [kg] = await Promise.all([
      product.browser.waitForEvent('page'),
      page.getByTestId(`post-kg-${id}`).click(),
    ]);
    await kg.waitForLoadState();
    expect(kg.url()).toContain('#/kg');
    const passed = kg.getByTestId('kg-passed-post');
    await passed.waitFor();
    expect(await passed.getAttribute('data-post-id')).toBe(id);
    expect((await kg.getByTestId('kg-body-input').inputValue()).length).toBeGreaterThan(0);
    await product.screenshot(kg, 'posts-kg-handover');

    // A stored value that is not a post: the error's message is shown.
    await kg.evaluate(() => localStorage.setItem('yuqing.kg.post', '{"_id": 1'));
    await kg.reload();
    await kg.getByTestId('kg-error').waitFor();
    expect((await kg.getByTestId('kg-error').innerText()).length).toBeGreaterThan(0);
    await kg.close();
  });

  it('opens the hot-post drawer on the page query, pages it, and resets it on open', async () => {
    await page.goto(`${product.projectUrl}#/information`);
    await page.getByTestId('dashboard-information').waitFor();
    await settledResults(page);
    await product.screenshot(page, 'posts-information');

    await page.getByTestId('hot-post-trigger').click();
    const drawer = page.getByTestId('hot-post-drawer');
    await drawer.waitFor();
    const settled = () =>
      page.waitForFunction(
        () =>
          document.querySelector('[data-testid="hot-post-drawer"][data-loading="false"]') !== null,
        undefined,
        { timeout: 30_000 },
      );
    await settled();
    const total = Number((await page.getByTestId('hot-post-total').innerText()).match(/\d+/)![0]);
    expect(total).toBeGreaterThan(20);
    expect(total).toBeLessThanOrEqual(200);
    const first = await cardIds(drawer);
    expect(first).toHaveLength(20);
    await product.screenshot(page, 'posts-hot-drawer');

    await page.getByTestId('hot-post-pagination').locator('.ant-pagination-item-2').click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="hot-post-pagination"][data-page="2"]'),
    );
    await settled();
    const second = await cardIds(drawer);
    expect(second.some((id) => first.includes(id))).toBe(false);

    await page.getByTestId('hot-post-sort').getByText('互动量').click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="hot-post-pagination"][data-page="1"]'),
    );
    await settled();
    const byEngagement = await cardIds(drawer);
    expect(byEngagement).not.toEqual(first);

    // Closing and opening again starts over: page 1, newest first.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.getByTestId('hot-post-trigger').click();
    await page.getByTestId('hot-post-drawer').waitFor();
    await settled();
    expect(await cardIds(page.getByTestId('hot-post-drawer'))).toEqual(first);
  });

  it('draws tab posts, the feed with 加载更多, article cards and the event timeline on the spread page', async () => {
    await page.keyboard.press('Escape');
    await page.goto(`${product.projectUrl}#/spread`);
    await page.getByTestId('dashboard-spread').waitFor();

    const tabs = page.locator('[data-widget-type="tab-post"]');
    await tabs.locator('[data-testid^="post-card-"]').first().waitFor({ timeout: 30_000 });
    const firstTab = await cardIds(tabs.locator('[data-active="true"]'));
    expect(firstTab.length).toBeGreaterThan(0);
    expect(firstTab.length).toBeLessThanOrEqual(20);
    await tabs.locator('.ant-tabs-tab').nth(1).click();
    await page.waitForFunction(
      () =>
        document.querySelectorAll(
          '[data-widget-type="tab-post"] [data-active="true"] [data-testid^="post-card-"]',
        ).length > 0,
    );
    const secondTab = await cardIds(tabs.locator('[data-active="true"]'));
    expect(secondTab.some((id) => firstTab.includes(id))).toBe(false);

    const feed = page.locator('[data-widget-type="information"]');
    await feed.locator('[data-testid^="post-card-"]').first().waitFor({ timeout: 30_000 });
    const before = (await cardIds(feed)).length;
    await feed.locator('[data-testid^="information-more-"]').click();
    await page.waitForFunction(
      (count) =>
        document.querySelectorAll(
          '[data-widget-type="information"] [data-testid^="post-card-"]:not([data-testid="post-card-expand"]):not([data-testid="post-card-retweeted"])',
        ).length > count,
      before,
    );

    // Articles with verify on offer 标注 to everyone.
    const articles = page.locator('[data-widget-type="articles"]');
    await articles.locator('[data-testid^="post-kg-"]').first().waitFor({ timeout: 30_000 });
    expect(await cardIds(articles)).toHaveLength(10);

    // The event timeline starts with the first post and links each event to its post.
    const timeline = page.locator('[data-widget-type="event-timeline"]');
    await timeline.getByTestId('timeline-event-first').waitFor({ timeout: 30_000 });
    const events = await timeline
      .locator('[data-testid^="timeline-event-"]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')));
    expect(events[0]).toBe('timeline-event-first');
    expect(events).toContain('timeline-event-peak');
    expect(events).toContain('timeline-event-spreader');
    expect(await timeline.locator('[data-testid^="post-card-"] a[href^="http"]').count()).toBe(
      events.length,
    );
    await timeline.scrollIntoViewIfNeeded();
    await product.screenshot(page, 'posts-spread');
  });

  it('draws the hot list and the post list of the audit page', async () => {
    await page.keyboard.press('Escape');
    await page.goto(`${product.projectUrl}#/audit`);
    await page.getByTestId('dashboard-audit').waitFor();
    const hot = page.locator('[data-widget-type="hot-list"]');
    await hot.locator('[data-testid^="post-card-"]').first().waitFor({ timeout: 30_000 });
    expect(await cardIds(hot)).toHaveLength(10);
    const list = page.locator('[data-widget-type="post-list"]');
    await list.locator('[data-view="compact"]').first().waitFor({ timeout: 30_000 });
    await product.screenshot(page, 'posts-audit');
  });
});
