import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { startServer } from '@yuqing/server/main';
import { buildUser } from '@yuqing/server/testing/factories';
import { startFakeWxProvider, type FakeWxUser } from '@yuqing/server/testing/fake-wx-provider';
import { ADMIN_PASSWORD, DEMO_POSTS, productConfig } from './demo-data.js';

export { ADMIN_PASSWORD, DEMO_POSTS } from './demo-data.js';

/** Widget types that draw on a canvas (ECharts). */
export const CANVAS_TYPES = [
  'lines',
  'pie',
  'bar',
  'compare-bar',
  'stack-bar',
  'area-stack',
  'words',
  'map',
  'heat-map',
  'heat-map-polar',
  'tree-map',
  'sunburst',
  'm-weibo-graph',
];
const ARTIFACTS = new URL('./artifacts/', import.meta.url).pathname;
const WEB_DIST = new URL('../packages/web/dist/index.html', import.meta.url).pathname;
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Waits until no shown widget loads and every shown chart that draws on a canvas has drawn (its
 * view is a lazily loaded chunk, and ECharts draws on the next frame), says 无 or shows an error;
 * then fails naming the widgets that show an error. Widgets of a screen left behind, still in the
 * page but hidden, do not count.
 */
export async function widgetsSettled(page: Page) {
  await page.locator('[data-widget-type]:visible').first().waitFor();
  await page.waitForFunction(
    (canvasTypes) => {
      const frames = Array.from(document.querySelectorAll('[data-widget-type]')).filter((frame) =>
        frame.checkVisibility(),
      );
      // A page between two menu items has no widget for a moment; that is not settled.
      return (
        frames.length > 0 &&
        frames.every(
          (frame) =>
            frame.querySelector('[data-loading="true"]') === null &&
            (!canvasTypes.includes(frame.getAttribute('data-widget-type')!) ||
              frame.querySelector('canvas, [data-testid^="widget-empty-"], [role="alert"]') !==
                null),
        )
      );
    },
    CANVAS_TYPES,
    { timeout: 30_000 },
  );
  const failed = await page
    .locator('[data-widget-type]:visible')
    .filter({ has: page.locator('[role="alert"]') })
    .evaluateAll((frames) =>
      frames.map(
        (frame) =>
          `${frame.getAttribute('data-widget-type')}: ${frame.querySelector('[role="alert"]')!.textContent}`,
      ),
    );
  if (failed.length) throw new Error(`widgets show an error: ${failed.join('; ')}`);
}

/**
 * Keeps the text of every toast (antd message) a page shows in `window.__toasts`, from the page's
 * first script on: a test asks whether a toast was shown, not whether it is still on screen (a
 * toast goes after 3 s, which a busy machine can spend between the click and the look).
 */
function recordToasts() {
  const shown = new Set<string>();
  (window as unknown as { __toasts: Set<string> }).__toasts = shown;
  new MutationObserver(() => {
    for (const notice of document.querySelectorAll('.ant-message-notice')) {
      const text = notice.textContent?.trim();
      if (text) shown.add(text);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Waits until the page has shown a toast whose text contains `text` (or matches it). */
export async function toastShown(page: Page, text: string | RegExp, timeout = 30_000) {
  const wanted =
    typeof text === 'string'
      ? { literal: text, source: '', flags: '' }
      : { literal: '', source: text.source, flags: text.flags };
  try {
    await page.waitForFunction(
      ({ literal, source, flags }) =>
        [...(window as unknown as { __toasts: Set<string> }).__toasts].some((shown) =>
          literal ? shown.includes(literal) : new RegExp(source, flags).test(shown),
        ),
      wanted,
      // Polled on a timer: animation frames stop while a page is in the background.
      { timeout, polling: 100 },
    );
  } catch (error) {
    const shown = await page
      .evaluate(() => [...(window as unknown as { __toasts: Set<string> }).__toasts])
      .catch(() => ['(the page is gone)']);
    throw new Error(
      `no toast showed ${String(text)}; toasts shown: ${shown.length ? shown.join(' | ') : 'none'}`,
      { cause: error },
    );
  }
}

/**
 * Waits until the page is still: every chart has drawn and ended its animation (ECharts'
 * `finished`, kept by the chart as `data-rendered`), and the main area and the charts keep their
 * place and size for 200 ms (grid moves, transitions and resizes have ended). Layout checks and
 * screenshots wait for this rather than for a while.
 */
export async function pageSettled(page: Page, timeout = 30_000) {
  await page.waitForFunction(
    async () => {
      const state = () => {
        const charts = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="echart"]'));
        const boxes = [document.querySelector('main'), ...charts].map((element) => {
          const box = element?.getBoundingClientRect();
          return box ? [box.x, box.y, box.width, box.height] : [];
        });
        const drawing = charts.filter((chart) => chart.dataset.rendered !== 'true').length;
        return { drawing, key: JSON.stringify({ boxes, drawing }) };
      };
      const before = state();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const after = state();
      return after.drawing === 0 && before.key === after.key;
    },
    undefined,
    { timeout, polling: 100 },
  );
}

/** The prepared demo data folder, when the e2e global setup made one. */
function preparedDemoDataDir(): string | undefined {
  try {
    return inject('demoDataDir');
  } catch {
    return undefined;
  }
}

/**
 * The product as a user meets it: the server with its demo seed on a fresh data folder, the
 * built web app, and Debian's Chromium. Optionally a fake WeChat provider for QR sign-in.
 * With the default demo posts, the data folder is a copy of the prepared one (the same seed and
 * posts, imported once per run); with other counts, or without waiting, the import runs here.
 */
export async function startProduct(
  options: {
    wxUsers?: FakeWxUser[];
    /** Demo posts to generate (3,000), and whether to wait for their import (yes). */
    demoPosts?: number;
    awaitDemo?: boolean;
    /** More of the server's environment variables. */
    env?: Record<string, string>;
  } = {},
) {
  if (!existsSync(WEB_DIST))
    throw new Error('The web app is not built: run `npm run build` first.');
  const demoPosts = options.demoPosts ?? DEMO_POSTS;
  const awaitDemo = options.awaitDemo !== false;
  const dataDir = await mkdtemp(join(tmpdir(), 'yuqing-e2e-'));
  const prepared = demoPosts === DEMO_POSTS && awaitDemo ? preparedDemoDataDir() : undefined;
  if (prepared) await cp(prepared, dataDir, { recursive: true });
  const provider = options.wxUsers
    ? await startFakeWxProvider({
        appId: 'wx-e2e',
        appSecret: 'wx-e2e-secret',
        users: options.wxUsers,
      })
    : undefined;
  const server = await startServer(
    productConfig(dataDir, { demoPosts, wxProviderUrl: provider?.baseUrl, env: options.env }),
  );
  if (awaitDemo) await server.demoPosts;
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const profileDir = await mkdtemp(join(tmpdir(), 'yuqing-chromium-'));
  const browser: BrowserContext = await chromium.launchPersistentContext(profileDir, {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
  });
  await browser.addInitScript(recordToasts);
  await mkdir(ARTIFACTS, { recursive: true });
  let stranger: Browser | undefined;

  return {
    baseUrl,
    projectUrl: `${baseUrl}/yuqing/demo/demo/latest/`,
    store: server.store,
    demoPosts: server.demoPosts,
    browser,
    provider,
    async newPage(): Promise<Page> {
      await browser.clearCookies();
      return browser.newPage();
    },
    /** A page in a browser of its own that never signed in: no cookie, no storage. */
    async strangerPage(): Promise<Page> {
      stranger ??= await chromium.launch({
        executablePath: '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
      });
      const context = await stranger.newContext({
        viewport: { width: 1440, height: 900 },
        locale: 'zh-CN',
      });
      return context.newPage();
    },
    /**
     * Saves a full-page screenshot under e2e/artifacts/ to look at. The app scrolls inside its
     * content area, so the viewport is stretched to the content's height for the shot.
     */
    async screenshot(page: Page, name: string) {
      const viewport = page.viewportSize()!;
      const height = await page.evaluate(() => {
        const main = document.querySelector('main');
        return main ? main.scrollHeight + main.getBoundingClientRect().top : 0;
      });
      if (height > viewport.height) {
        await page.setViewportSize({ width: viewport.width, height: Math.min(height, 8000) });
      }
      await pageSettled(page);
      await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
      if (height > viewport.height) await page.setViewportSize(viewport);
    },
    async close() {
      await stranger?.close();
      await browser.close();
      await server.close();
      await provider?.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}

export type Product = Awaited<ReturnType<typeof startProduct>>;

/** A member of the demo project with a known password, made through the store. */
export async function addDemoMember(
  product: Product,
  role: 'viewer' | 'admin',
  options: { wxOpenid?: string } = {},
) {
  const project = await product.store.tenancy.findProject({
    repository: 'yuqing',
    customer: 'demo',
    project: 'demo',
  });
  if (!project) throw new Error('the demo project was not seeded');
  return buildUser(product.store, {
    ...options,
    role,
    project: { id: project.id, repository: 'yuqing', customer: 'demo', project: 'demo' },
  });
}

/** Signs in through the login page as a person would. */
export async function signInWithPassword(page: Page, username: string, password: string) {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** A fresh page of the product signed in as the demo admin, on the dashboard. */
export async function adminPage(product: Product): Promise<Page> {
  const page = await product.newPage();
  await page.goto(`${product.projectUrl}#/login`);
  await signInWithPassword(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('top-nav').waitFor();
  return page;
}
