import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageQuery, type QueryState } from '@yuqing/core';
import { chromium, type Page } from 'playwright-core';
import { demoDashboard } from '../packages/server/src/seed/demo-dashboard.js';
import { BENCH_ADMIN_PASSWORD, percentile } from './bench-server.js';
import { loadData, startLoadServer, type LoadData } from './load-data.js';

const SCOPE = 'repository=yuqing&customer=demo&project=demo';
const TZ = 'Asia/Shanghai';
const DAY = 86_400_000;
const MINUTE = 60_000;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Every aggregation on every field class a user can ask it for (enumerations, provinces, people, paths). */
const CASES: [string, Record<string, unknown>][] = [
  ['articles_page', { aggs: 'common_articles_page', size: 20 }],
  ['hot_posts', { aggs: 'common_hot_posts', size: 10, sort: 'engagement_num desc' }],
  ['statistics', { aggs: 'common_statistics' }],
  ['words', { aggs: 'common_words', size: 100 }],
  ['heatmap', { aggs: 'common_heatmap' }],
  ['retweet_graph', { aggs: 'common_retweet_graph', size: 50 }],
  ['event_timeline', { aggs: 'common_event_timeline' }],
  ['event_timeline size 10', { aggs: 'common_event_timeline', size: 10 }],
  ['trend', { aggs: 'common_trend' }],
  ['trend engagement', { aggs: 'common_trend', value_type: 'engagement_num' }],
  ['trend series media_platform', { aggs: 'common_trend', series: 'media_platform' }],
  ['trend series province', { aggs: 'common_trend', series: 'province' }],
  ['trend series topic_paths', { aggs: 'common_trend', series: 'topic_paths' }],
  ['trend series brand_paths L1', { aggs: 'common_trend', series: 'brand_paths', level: 1 }],
  ['terms media_platform', { aggs: 'common_terms', field: 'media_platform' }],
  ['terms tendency', { aggs: 'common_terms', field: 'tendency' }],
  ['terms province', { aggs: 'common_terms', field: 'province', size: 34 }],
  ['terms author', { aggs: 'common_terms', field: 'author' }],
  ['terms media', { aggs: 'common_terms', field: 'media', value_type: 'engagement_num' }],
  ['terms topic_paths', { aggs: 'common_terms', field: 'topic_paths' }],
  ['terms topic_paths L1', { aggs: 'common_terms', field: 'topic_paths', level: 1 }],
  ['terms brand_paths L1', { aggs: 'common_terms', field: 'brand_paths', level: 1 }],
  ['top5 media_platform', { aggs: 'common_top5', field: 'media_platform' }],
  ['top5 province', { aggs: 'common_top5', field: 'province' }],
  ['top5 topic_paths', { aggs: 'common_top5', field: 'topic_paths' }],
  ['all_topic topic_paths', { aggs: 'common_all_topic', field: 'topic_paths' }],
  ['all_topic brand_paths', { aggs: 'common_all_topic', field: 'brand_paths' }],
  ['authors author', { aggs: 'common_authors', field: 'author' }],
  ['authors media', { aggs: 'common_authors', field: 'media' }],
  [
    'pivot media_platform×tendency',
    { aggs: 'common_pivot', rows: 'media_platform', cols: 'tendency' },
  ],
  [
    'pivot province×media_platform',
    { aggs: 'common_pivot', rows: 'province', cols: 'media_platform' },
  ],
  ['pivot topic_paths×tendency', { aggs: 'common_pivot', rows: 'topic_paths', cols: 'tendency' }],
  [
    'pivot media_platform×brand_paths',
    { aggs: 'common_pivot', rows: 'media_platform', cols: 'brand_paths' },
  ],
];

/** Query states the cases run under: a month, a month with a keyword, a month within a path. */
const STATES: [string, Record<string, unknown>][] = [
  ['30 days', {}],
  ['30 days + keyword', { q: '续航' }],
  ['30 days + path', { brand_paths: ['/品牌/星河汽车'] }],
];

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    p50: Math.round(percentile(sorted, 0.5)),
    p95: Math.round(percentile(sorted, 0.95)),
  };
};

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/login?${SCOPE}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      username: 'admin',
      password: md5(BENCH_ADMIN_PASSWORD),
      customer: { code: 'demo', name: '' },
      timestamp: Date.now(),
    }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`sign-in: ${response.status}`);
  return cookie;
}

function poster(origin: string, cookie: string) {
  return async (path: string, body: unknown) => {
    const started = performance.now();
    const response = await fetch(`${origin}/api/v1/${path}?${SCOPE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { success: boolean; msg?: string; data: unknown };
    if (!answer.success) throw new Error(`${path} ${JSON.stringify(body)}: ${answer.msg}`);
    return {
      data: answer.data,
      ms: performance.now() - started,
      cache: response.headers.get('x-answer-cache'),
    };
  };
}

/**
 * Each case under each state, `runs` times, each run's range shifted a minute: no cache helps. A
 * server of older code skips the aggregations it does not know (the event timeline).
 */
async function aggregations(
  post: ReturnType<typeof poster>,
  now: number,
  runs: number,
  skipUnknown: boolean,
) {
  const results: Record<string, Record<string, ReturnType<typeof summary>>> = {};
  for (const [name, body] of CASES) {
    if (skipUnknown && !(await knows(post, body, now))) continue;
    results[name] = {};
    for (const [state, fields] of STATES) {
      const times: number[] = [];
      for (let run = 0; run < runs; run++) {
        const end = now - run * MINUTE;
        const { ms } = await post('search', { ...body, ...fields, start: end - 30 * DAY, end });
        times.push(ms);
      }
      results[name][state] = summary(times);
    }
  }
  return results;
}

/** Whether the server knows the case's aggregation. */
async function knows(post: ReturnType<typeof poster>, body: object, now: number) {
  try {
    await post('search', { ...body, start: now - DAY, end: now });
    return true;
  } catch {
    return false;
  }
}

/** The overview page as the viewer asks it: one page_data call. */
async function overview(post: ReturnType<typeof poster>, now: number, runs: number) {
  const page = demoDashboard.pages.overview!;
  const ask = (query: QueryState) => post('page_data', { page: 'overview', query, now });
  const cold: number[] = [];
  const warm: number[] = [];
  let hits = 0;
  let requests = 0;
  for (let run = 0; run < runs; run++) {
    const base = pageQuery(page, now, TZ);
    const query = { ...base, start: base.start - 7 * DAY - run * MINUTE };
    let started = performance.now();
    await ask(query);
    cold.push(performance.now() - started);
    started = performance.now();
    const again = await ask(query);
    warm.push(performance.now() - started);
    if (again.cache) {
      const [h, n] = again.cache.split('/').map(Number);
      hits += h!;
      requests += n!;
    }
  }
  return {
    cold: summary(cold),
    warm: summary(warm),
    warmHitRate: requests ? hits / requests : 0,
  };
}

/**
 * The overview until every widget drew: opened in a new tab, and by navigation from another page;
 * and a date range change redrawn.
 */
async function browser(origin: string, runs: number) {
  const profile = await mkdtemp(join(tmpdir(), 'yuqing-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    viewport: { width: 1280, height: 900 },
    locale: 'zh-CN',
  });
  // Every shown widget drew (or says 无, or shows why not); widgets in error are named after.
  const settled = async (page: Page) => {
    await page.waitForFunction(
      () => {
        const frames = Array.from(document.querySelectorAll('[data-widget-type]')).filter((frame) =>
          frame.checkVisibility(),
        );
        return (
          frames.length > 0 &&
          frames.every(
            (frame) =>
              frame.querySelector('[data-loading="true"]') === null &&
              (!['lines', 'pie', 'bar', 'words'].includes(
                frame.getAttribute('data-widget-type')!,
              ) ||
                frame.querySelector('canvas, [data-testid^="widget-empty-"], [role="alert"]') !==
                  null),
          )
        );
      },
      undefined,
      { timeout: 60_000, polling: 16 },
    );
    const failed = await page
      .locator('[data-widget-type] [role="alert"]')
      .evaluateAll((alerts) => alerts.map((alert) => alert.textContent));
    if (failed.length) throw new Error(`widgets in error: ${failed.join('; ')}`);
  };
  try {
    const page = await context.newPage();
    const projectUrl = `${origin}/yuqing/demo/demo/latest/`;
    await page.goto(`${projectUrl}#/login`);
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill(BENCH_ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('top-nav').waitFor();
    const navigation: number[] = [];
    for (let run = 0; run < runs; run++) {
      await page.goto(`${projectUrl}#/trend`);
      await settled(page);
      const started = performance.now();
      await page.goto(`${projectUrl}#/overview`);
      await page.locator('[data-testid="dashboard-overview"]').waitFor();
      await settled(page);
      navigation.push(performance.now() - started);
    }
    // A link opened in a new tab (a WeCom message, a bookmark): assets cached, signed in.
    const newTab: number[] = [];
    for (let run = 0; run < runs; run++) {
      const tab = await context.newPage();
      const started = performance.now();
      await tab.goto(`${projectUrl}#/overview`, { waitUntil: 'commit' });
      await settled(tab);
      newTab.push(performance.now() - started);
      await tab.close();
    }
    const chips = ['3d', '7d', '30d', 'today'];
    const redraw: number[] = [];
    for (let run = 0; run < runs; run++) {
      const chip = page.getByTestId(`quick-range-${chips[run % chips.length]}`);
      if ((await chip.count()) === 0) break;
      const started = performance.now();
      await chip.click();
      // The chip's query reaches the widgets before they show a load; wait for one, then all.
      await page.waitForTimeout(0);
      await settled(page);
      redraw.push(performance.now() - started);
    }
    return {
      newTab: summary(newTab),
      navigation: summary(navigation),
      rangeChange: summary(redraw),
    };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

async function measure(data: LoadData, root: string | undefined, runs: number) {
  const server = await startLoadServer(data, root);
  try {
    const cookie = await signIn(server.origin);
    const post = poster(server.origin, cookie);
    return {
      overview: await overview(post, data.now, 10),
      browser: await browser(server.origin, 10),
      aggregations: await aggregations(post, data.now, runs, root !== undefined),
    };
  } finally {
    await server.close();
  }
}

/**
 * Issue 13's targets at `posts` demo posts: the overview page in the browser and as one call,
 * and every /search aggregation on every field class, cold. With `before`, the same against the
 * server of that checkout (the code before the change) over the same data, first.
 */
export async function benchPageData(posts: number, runs: number, before?: string) {
  const data = await loadData(posts);
  return {
    ...(before && { before: await measure(data, before, runs) }),
    after: await measure(data, undefined, runs),
  };
}
