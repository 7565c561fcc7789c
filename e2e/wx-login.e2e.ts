import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDemoMember, startProduct, toastShown, type Product } from './harness.js';

describe('WeChat QR sign-in against a fake provider', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct({
      wxUsers: [
        { code: 'bound', openid: 'openid-bound', nickname: '微信用户' },
        { code: 'stranger', openid: 'openid-stranger', nickname: '陌生人' },
      ],
    });
    await addDemoMember(product, 'admin', { wxOpenid: 'openid-bound' });
  });
  afterAll(() => product.close());

  async function openQrLogin() {
    const page = await product.newPage();
    await page.goto(`${product.projectUrl}#/login?redirect=%2Ftopic`);
    await page.getByTestId('login-toggle').click();
    await page.getByTestId('login-wx-frame').waitFor();
    const frame = page.frameLocator('[data-testid="login-wx-frame"]');
    await frame.getByText('微信扫码登录（测试服务）').waitFor();
    return { page, frame };
  }

  it('ignores a sign-in message from any origin but the login origin', async () => {
    const { page, frame } = await openQrLogin();
    await product.screenshot(page, 'login-wx-frame');
    await frame.locator('#forge').click();
    // Nothing is to happen, so there is no state to wait for: the forged message is handled
    // within a task, and half a second is ample for a sign-in it might wrongly start to show.
    await page.waitForTimeout(500);
    expect(page.url()).toContain('#/login');
    expect(await page.getByTestId('nav-user').count()).toBe(0);
    await page.close();
  });

  it('shows 登录失败! for a WeChat account bound to no user', async () => {
    const { page, frame } = await openQrLogin();
    await frame.locator('#scan-stranger').click();
    await toastShown(page, '登录失败!');
    expect(page.url()).toContain('#/login');
    await page.close();
  });

  it('signs in a bound account and goes to the redirect', async () => {
    const { page, frame } = await openQrLogin();
    await frame.locator('#scan-bound').click();
    await page.waitForURL(/#\/topic/, { waitUntil: 'commit' });
    await page.getByTestId('nav-user').waitFor();
    await page.getByTestId('dashboard-topic').waitFor();
    const cookies = await product.browser.cookies();
    expect(cookies.find((cookie) => cookie.name === 'isWx')?.value).toBe('1');
    expect(cookies.find((cookie) => cookie.name === 'token')?.httpOnly).toBe(true);
    await product.screenshot(page, 'wx-signed-in');
    await page.close();
  });
});
