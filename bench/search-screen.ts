import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { BENCH_ADMIN_PASSWORD, percentile, startBenchServer } from './bench-server.js';

const WEB_DIST = new URL('../packages/web/dist/index.html', import.meta.url).pathname;
/** Two-term and single-term searches of the demo corpus, common and rare. */
const KEYWORDS = [
  '续航',
  '星河S7 续航',
  '充电',
  '智能座舱',
  '维修 -广告',
  '外观设计',
  '车展',
  'A6',
];

/**
 * The search screen at `count` demo posts, in headless Chromium: the time from pressing Enter in
 * the keyword box to the first page of results drawn (measured in the page: the keydown, then
 * the frame after the list stops loading), `runs` searches over a rotating set of keywords.
 */
export async function benchSearchScreen(count: number, runs = 24) {
  if (!existsSync(WEB_DIST))
    throw new Error('The web app is not built: run `npm run build` first.');
  const seedStarted = performance.now();
  const { server, dataDir } = await startBenchServer('search', count);

  await server.demoPosts;
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const profile = await mkdtemp(join(tmpdir(), 'yuqing-bench-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
  });
  try {
    const page = await browser.newPage();
    const projectUrl = `http://127.0.0.1:${server.port}/yuqing/demo/demo/latest/`;
    await page.goto(`${projectUrl}#/login`);
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill(BENCH_ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('top-nav').waitFor();
    await page.goto(`${projectUrl}#/search`);
    await page.getByTestId('search-results').waitFor();
    await page.waitForSelector('[data-testid="search-results"] [data-loading="false"]');

    const box = page.getByRole('searchbox', { name: '关键词' });
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const keyword = KEYWORDS[run % KEYWORDS.length]!;
      await box.fill(keyword);
      await page.evaluate(() => {
        const state = window as unknown as { benchDrawn?: Promise<number> };
        const results = document.querySelector('[data-testid="search-results"]')!;
        state.benchDrawn = new Promise((resolve) => {
          let started = 0;
          let loading = false;
          document.addEventListener('keydown', () => (started = performance.now()), {
            capture: true,
            once: true,
          });
          const observer = new MutationObserver(() => {
            const busy = results.querySelector('[data-loading="true"]') !== null;
            if (busy) loading = true;
            else if (loading && started) {
              observer.disconnect();
              // Drawn: the frame after the list is in the DOM.
              requestAnimationFrame(() =>
                requestAnimationFrame(() => resolve(performance.now() - started)),
              );
            }
          });
          observer.observe(results, { subtree: true, attributes: true, childList: true });
        });
      });
      await box.press('Enter');
      const ms = await page.evaluate(
        () => (window as unknown as { benchDrawn: Promise<number> }).benchDrawn,
      );
      times.push(ms);
    }
    const cards = await page.locator('[data-testid^="post-card-"]').count();
    times.sort((a, b) => a - b);
    return {
      posts: count,
      seedSeconds: Math.round(seedSeconds),
      runs,
      cardsOnLastPage: cards,
      keywordToFirstPageMs: {
        median: Math.round(percentile(times, 0.5)),
        p95: Math.round(percentile(times, 0.95)),
        max: Math.round(times[times.length - 1]!),
      },
    };
  } finally {
    await browser.close();
    await server.close();
    await rm(profile, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}
