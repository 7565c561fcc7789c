import { rangeLabel, resolveDatePreset, resolveQuickRange, type DateRange } from '@yuqing/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDemoMember,
  ADMIN_PASSWORD,
  pageSettled,
  signInWithPassword,
  startProduct,
  type Product,
} from './harness.js';

interface SearchCall {
  url: string;
  body: Record<string, unknown>;
  data: Record<string, unknown>;
}

/** The answers of the page's POST /search calls, as they arrive. */
function recordSearches(page: Page): SearchCall[] {
  const calls: SearchCall[] = [];
  page.on('response', async (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !request.url().includes('/api/v1/search')) return;
    const answer = await response.json().catch(() => undefined);
    if (!answer?.success) return;
    calls.push({ url: request.url(), body: request.postDataJSON(), data: answer.data });
  });
  return calls;
}

/** POST /search from the page, as the signed-in user, with the given scope parameters. */
async function searchFrom(page: Page, scope: string, body: Record<string, unknown>) {
  return page.evaluate(
    async ({ scope, body }) => {
      const response = await fetch(`/api/v1/search?${scope}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()).data as Record<string, unknown>;
    },
    { scope, body },
  );
}

/** A range as the picker's inputs show it in the demo's zone: YYYY/MM/DD, the end inclusive. */
function shown(range: DateRange): string[] {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' });
  return [range.start, range.end - 1].map((ms) => day.format(ms).replaceAll('-', '/'));
}

describe('what a new user tripped over (issue 12)', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product.close());

  async function signedIn(
    url: string,
    width = 1440,
    user = { username: 'admin', password: ADMIN_PASSWORD },
  ) {
    const page = await product.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${product.projectUrl}#/login`);
    await signInWithPassword(page, user.username, user.password);
    await page.getByTestId('top-nav').waitFor();
    await page.goto(url);
    return page;
  }

  it("shows a subject's own numbers on its AI report opened directly", async () => {
    const subjectUrl = `${product.projectUrl}subject/launch/`;
    const page = await signedIn(`${subjectUrl}#/ai-report`);
    const calls = recordSearches(page);
    await page.reload();
    await page.getByTestId('widget-ai-stats').waitFor();
    await expect
      .poll(() => calls.find((call) => call.body.aggs === 'common_statistics'), {
        timeout: 30_000,
      })
      .toBeTruthy();
    const statistics = calls.find((call) => call.body.aggs === 'common_statistics')!;
    expect(statistics.url).toContain('subject_id=launch');
    const project = 'repository=yuqing&customer=demo&project=demo';
    const whole = await searchFrom(page, project, statistics.body);
    const launch = await searchFrom(page, project, {
      ...statistics.body,
      brand_paths: ['/品牌/星河汽车/星河S7'],
    });
    const volume = (data: Record<string, unknown>) => (data.current as { volume: number }).volume;
    expect(volume(statistics.data)).toBe(volume(launch));
    expect(volume(statistics.data)).toBeLessThan(volume(whole));
    await product.screenshot(page, 'subject-ai-report');
    await page.close();
  });

  it('gives a preset its own range and name after the panels were browsed, and names the chips', async () => {
    const page = await signedIn(`${product.projectUrl}#/overview`);
    const picker = page.getByTestId('date-range');
    await picker.waitFor();
    const inputs = () =>
      picker.locator('input').evaluateAll((list) => list.map((i) => (i as HTMLInputElement).value));
    const opening = await inputs();
    await picker.locator('input').first().click();
    await page.locator('.ant-picker-year-btn').first().click();
    await page.locator('.ant-picker-year-panel .ant-picker-cell-in-view').first().click();
    await page.locator('.ant-picker-month-panel').first().waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-picker-dropdown').first().waitFor({ state: 'hidden' });
    expect(await inputs()).toEqual(opening);

    await picker.locator('input').first().click();
    await page.locator('.ant-picker-presets li', { hasText: /^上月$/ }).click();
    await expect
      .poll(inputs)
      .toEqual(shown(resolveDatePreset('last_month', Date.now(), 'Asia/Shanghai')));
    expect(await page.getByTestId('date-range-preset').innerText()).toBe('上月');

    await page.getByTestId('quick-range-3d').click();
    // A preset's name wins over the chip's: on a Wednesday the last three days are 本周.
    const now = Date.now();
    const named = rangeLabel(resolveQuickRange('3d', now, 'Asia/Shanghai'), now, 'Asia/Shanghai');
    expect(['3天', '本周']).toContain(named);
    await expect.poll(() => page.getByTestId('date-range-preset').innerText()).toBe(named);
    await product.screenshot(page, 'date-range-quick-3d');
    await page.close();
  });

  it('answers 403 to a viewer who types an admin-visible item, and opens the default for a hidden one', async () => {
    const viewer = await addDemoMember(product, 'viewer');
    const page = await signedIn(`${product.projectUrl}#/audit`, 1440, viewer);
    await page.waitForURL(/#\/403/, { waitUntil: 'commit' });
    await page.getByTestId('result-403').waitFor();
    expect(await page.locator('[data-widget-type]').count()).toBe(0);
    await product.screenshot(page, 'viewer-audit-403');
    await page.goto(`${product.projectUrl}#/archive`);
    await page.waitForURL(/#\/overview/, { waitUntil: 'commit' });
    await page.getByTestId('dashboard-overview').waitFor();
    await page.close();
  });

  it('moves the menu items that do not fit into 更多, and clips none', async () => {
    for (const width of [1280, 1440, 1920]) {
      const page = await signedIn(`${product.projectUrl}#/overview`, width);
      await page.getByTestId('dashboard-overview').waitFor();
      await pageSettled(page);
      // The menu measures again when the page's scroll bar comes or goes: read it at one moment.
      const readBar = () =>
        page.evaluate(() => {
          const menu = document.querySelector('[data-testid="top-nav"] .ant-menu')!;
          const right = menu.getBoundingClientRect().right;
          const items = [...menu.querySelectorAll(':scope > li.ant-menu-overflow-item')].filter(
            (li) => !li.classList.contains('ant-menu-overflow-item-rest'),
          );
          const shown = items.filter((li) => li.getAttribute('aria-hidden') !== 'true');
          return {
            shown: shown.map((li) => (li as HTMLElement).innerText),
            hidden: items
              .filter((li) => li.getAttribute('aria-hidden') === 'true')
              .map((li) => li.textContent ?? ''),
            clipped: shown
              .filter((li) => li.getBoundingClientRect().right > right + 0.5)
              .map((li) => (li as HTMLElement).innerText),
          };
        });
      const bar = await readBar();
      expect(bar.clipped).toEqual([]);
      expect(bar.shown.length + bar.hidden.length).toBe(11);
      if (width === 1920) expect(bar.hidden).toEqual([]);
      if (width === 1280) expect(bar.hidden.length).toBeGreaterThan(0);
      if (bar.hidden.length > 0) {
        await page.getByTestId('nav-more').hover();
        const popup = page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)');
        await popup.waitFor();
        await expect
          .poll(async () => {
            const listed = await popup.locator('[data-testid^="nav-item-"]').allInnerTexts();
            return { listed, hidden: (await readBar()).hidden };
          })
          .toSatisfy(({ listed, hidden }) => listed.join('|') === hidden.join('|'));
        await product.screenshot(page, `top-nav-${width}`);
        await popup.locator('[data-testid="nav-item-audit"]').click();
        await page.waitForURL(/#\/audit/, { waitUntil: 'commit' });
      } else {
        await product.screenshot(page, `top-nav-${width}`);
      }
      await page.close();
    }
  });

  // Last: it changes the demo's published dashboard.
  it('shows the demo in 万 / 亿, and k / m once the project chooses that style in its site settings', async () => {
    const page = await signedIn(`${product.projectUrl}#/overview`);
    const cards = page.locator('[data-widget-type="statistics-card"]').first();
    await cards.waitFor();
    await expect.poll(() => cards.innerText(), { timeout: 30_000 }).toMatch(/\d万/);
    expect(await cards.innerText()).not.toMatch(/\d(\.\d)?[km]\b/);
    await product.screenshot(page, 'number-style-wan');

    const project = await product.store.tenancy.findProject({
      repository: 'yuqing',
      customer: 'demo',
      project: 'demo',
    });
    const key = { projectId: project!.id, subjectId: '' };
    const draft = (await product.store.dashboards.draft(key))!;
    const k = {
      ...draft.dashboard,
      site: { ...draft.dashboard.site, numberStyle: 'k' as const },
    };
    await product.store.dashboards.saveDraft(key, k, draft.revision, null);
    await product.store.dashboards.publish(key, null);
    await page.reload();
    await cards.waitFor();
    await expect.poll(() => cards.innerText(), { timeout: 30_000 }).toMatch(/\d(\.\d)?[km]\b/);
    expect(await cards.innerText()).not.toMatch(/\d万/);
    await page.close();
  });
});
