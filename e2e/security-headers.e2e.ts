import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  CANVAS_TYPES,
  widgetsSettled,
  addDemoMember,
  pageSettled,
  signInWithPassword,
  startProduct,
  type Product,
} from './harness.js';

/** Screens besides the project's menu and the manage tabs. */
const TOOLS = ['#/search', '#/kg', '#/report'];

/**
 * Everything the Content-Security-Policy refused on a page, in any of its frames: the browser's
 * `securitypolicyviolation` events and its console errors about the policy.
 */
async function watchPolicy(page: Page): Promise<string[]> {
  const refused: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (text: string) => refused.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation(text: string): void })
        .reportPolicyViolation;
      report(`${event.effectiveDirective} refused ${event.blockedURI} (${event.sourceFile})`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      refused.push(message.text());
  });
  return refused;
}

/** Waits until no widget loads and every chart widget has drawn; answers how many drew. */
async function chartsDrawn(page: Page): Promise<number> {
  await widgetsSettled(page);
  return page.evaluate(
    (canvasTypes) =>
      Array.from(document.querySelectorAll('[data-widget-type]')).filter(
        (frame) =>
          canvasTypes.includes(frame.getAttribute('data-widget-type')!) &&
          frame.querySelector('canvas') !== null,
      ).length,
    CANVAS_TYPES,
  );
}

/**
 * Where the top navigation's items lead (the menu, or the manage tabs), as URL hashes; items
 * moved into the overflow menu (更多) included.
 */
async function navTargets(page: Page): Promise<string[]> {
  const hashes = await page
    .locator('[data-testid^="nav-item-"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).hash));
  return [...new Set(hashes)];
}

describe('the app under its security headers', () => {
  let product: Product;
  let page: Page;
  let refused: string[];
  beforeAll(async () => {
    product = await startProduct({
      wxUsers: [{ code: 'bound', openid: 'openid-bound', nickname: '微信用户' }],
    });
    await addDemoMember(product, 'viewer', { wxOpenid: 'openid-bound' });
    page = await product.newPage();
    refused = await watchPolicy(page);
  });
  afterAll(() => product.close());

  it('sends the policy with the page', async () => {
    const response = await page.goto(`${product.projectUrl}#/login`);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('signs in through the WeChat QR frame without a refusal', async () => {
    await page.getByTestId('login-username').waitFor();
    await page.getByTestId('login-toggle').click();
    const frame = page.frameLocator('[data-testid="login-wx-frame"]');
    await frame.getByText('微信扫码登录（测试服务）').waitFor();
    await product.screenshot(page, 'security-headers-login');
    // The provider sends the frame to this server's callback page, whose script tells the app.
    await frame.locator('#scan-bound').click();
    await page.getByTestId('nav-user').waitFor();
    expect(refused).toEqual([]);
    await product.browser.clearCookies();
  });

  it('draws every page of the demo menu and every screen without a refusal', async () => {
    await page.goto(`${product.projectUrl}#/login`);
    await signInWithPassword(page, 'admin', ADMIN_PASSWORD);
    await page.getByTestId('top-nav').waitFor();
    const menu = await navTargets(page);
    expect(menu.map((hash) => hash.replace(/\?.*/, ''))).toEqual(
      expect.arrayContaining(['#/overview', '#/information', '#/audit']),
    );
    let drawn = 0;
    for (const hash of menu) {
      await page.goto(`${product.projectUrl}${hash}`);
      drawn += await chartsDrawn(page);
      if (hash.startsWith('#/overview'))
        await product.screenshot(page, 'security-headers-overview');
    }
    expect(drawn, 'charts drawn on the menu pages').toBeGreaterThan(10);

    await page.goto(`${product.projectUrl}#/manage`);
    await page.getByTestId('manage-editor').waitFor();
    expect(await chartsDrawn(page), 'charts drawn in the editor').toBeGreaterThan(0);
    const manageTabs = await navTargets(page);
    expect(manageTabs).toContain('#/manage/sys');
    for (const hash of [...manageTabs, ...TOOLS]) {
      await page.goto(`${product.projectUrl}${hash}`);
      await page.getByTestId('top-nav').waitFor();
      await page.waitForLoadState('networkidle');
      await pageSettled(page);
      if (hash === '#/manage/sys') await product.screenshot(page, 'security-headers-manage-sys');
    }
    expect(refused).toEqual([]);
  });

  it('shows the API description (Swagger UI) without a refusal', async () => {
    await page.goto(`${product.baseUrl}/api/v1/docs`);
    await page.locator('.swagger-ui .opblock').first().waitFor();
    await product.screenshot(page, 'security-headers-api-docs');
    expect(refused).toEqual([]);
  });
});
