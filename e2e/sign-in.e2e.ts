import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  signInWithPassword,
  startProduct,
  toastShown,
  type Product,
} from './harness.js';

describe('password sign-in', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product.close());

  it('sends a signed-out visitor to the login page with a redirect, and back after sign-in', async () => {
    const page = await product.newPage();
    await page.goto(`${product.projectUrl}#/trend?step=2`);
    await page.waitForURL(/#\/login\?redirect=/, { waitUntil: 'commit' });
    expect(decodeURIComponent(page.url())).toContain('redirect=/trend?step=2');
    await expect.poll(() => page.title()).toContain('星河汽车舆情监测');
    const submit = page.getByTestId('login-submit');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByTestId('login-username').fill('admin');
    expect(await submit.isDisabled()).toBe(true);
    await product.screenshot(page, 'login-page');

    await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
    expect(await submit.isDisabled()).toBe(false);
    await page.getByTestId('login-password').press('Enter');
    await page.waitForURL(/#\/trend\?step=2$/, { waitUntil: 'commit' });
    await page.getByTestId('nav-user').waitFor();
    expect(await page.getByTestId('nav-user').textContent()).toContain('Hi, 管理员');
    await expect.poll(() => page.title()).toBe('声量趋势 - 星河汽车舆情监测');
    await page.getByTestId('dashboard-trend').waitFor();
    await product.screenshot(page, 'signed-in-trend');
    const cookies = await product.browser.cookies();
    expect(cookies.find((cookie) => cookie.name === 'token')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    await page.close();
  });

  it('shows 登录失败! for a wrong password and stays on the login page', async () => {
    const page = await product.newPage();
    await page.goto(`${product.projectUrl}#/login`);
    await signInWithPassword(page, 'admin', 'not-the-password');
    await toastShown(page, '登录失败!');
    expect(page.url()).toContain('#/login');
    await product.screenshot(page, 'login-failed');
    await page.close();
  });

  it('logs out from the greeting menu and needs a sign-in again', async () => {
    const page = await product.newPage();
    await page.goto(`${product.projectUrl}#/login`);
    await signInWithPassword(page, 'admin', ADMIN_PASSWORD);
    await page.getByTestId('nav-user').waitFor();
    await page.getByTestId('nav-user').hover();
    await page.getByTestId('nav-logout').click();
    await page.waitForURL(/#\/login/, { waitUntil: 'commit' });
    await page.getByTestId('login-username').waitFor();
    await page.goto(`${product.projectUrl}#/overview`);
    await expect.poll(() => page.url()).toContain('#/login?redirect=');
    await page.getByTestId('login-username').waitFor();
    await page.close();
  });
});
