import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  addDemoMember,
  signInWithPassword,
  startProduct,
  type Product,
} from './harness.js';

describe('the admin console (平台管理)', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product.close());

  async function signIn(projectUrl: string, username: string, password: string): Promise<Page> {
    const page = await product.newPage();
    await page.goto(`${projectUrl}#/login`);
    await signInWithPassword(page, username, password);
    await page.getByTestId('top-nav').waitFor();
    return page;
  }

  /** The page as it looks on a laptop and on a large screen. */
  async function screenshots(page: Page, name: string) {
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 1080 });
      await product.screenshot(page, `${name}-${width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  /** Picks `option` in the antd select whose test id is `testId`. */
  async function choose(page: Page, testId: string, option: string) {
    await page.getByTestId(testId).click();
    await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
  }

  it('lets a normal admin neither see nor open the console', async () => {
    const { username, password } = await addDemoMember(product, 'admin');
    const page = await signIn(product.projectUrl, username, password);
    await page.goto(`${product.projectUrl}#/manage`);
    await page.getByTestId('nav-item-manage-data').waitFor();
    expect(await page.getByTestId('nav-item-manage-admin').count()).toBe(0);

    await page.goto(`${product.projectUrl}#/manage/admin`);
    await page.waitForURL(/#\/403$/, { waitUntil: 'commit' });
    await page.getByText('对不起，您没有权限访问此页面。').waitFor();
    // The server refuses too, whatever the page shows.
    const status = await page.evaluate(async () => (await fetch('/api/v1/admin/tenancy')).status);
    expect(status).toBe(403);
    await page.close();
  });

  it('lets the super admin create a customer, a project and a user, and read the audit log', async () => {
    const page = await signIn(product.projectUrl, 'admin', ADMIN_PASSWORD);
    await page.goto(`${product.projectUrl}#/manage`);
    await page.getByTestId('nav-item-manage-admin').click();
    await page.getByTestId('admin-customer-demo').waitFor();

    await page.getByTestId('admin-customer-add').click();
    // The form is there before its OK is pressed (a click on a footer whose form has not
    // rendered validates nothing). On a busy machine one click in the dialog's opening once
    // validated nothing even so: OK is pressed until the form answers it.
    await page.getByTestId('admin-customer-code').waitFor();
    const required = page.getByText('请输入客户编码');
    await expect
      .poll(async () => {
        if (!(await required.isVisible())) await page.getByTestId('admin-customer-form-ok').click();
        return required.isVisible();
      })
      .toBe(true);
    await page.getByTestId('admin-customer-code').fill('acme');
    await page.getByTestId('admin-customer-name').fill('阿克米科技');
    await page.getByTestId('admin-customer-form-ok').click();
    await page.getByTestId('admin-customer-acme').waitFor();

    // Codes are one whatever their case: ACME is taken.
    await page.getByTestId('admin-customer-add').click();
    await page.getByTestId('admin-customer-code').fill('ACME');
    await page.getByTestId('admin-customer-name').fill('重复的客户');
    await page.getByTestId('admin-customer-form-ok').click();
    await page.getByText('客户编码已存在').waitFor();
    await page.getByRole('button', { name: '取 消' }).click();

    await page.getByTestId('admin-customer-add-project-acme').click();
    await page.getByTestId('admin-project-code').fill('brand');
    await page.getByTestId('admin-project-name').fill('品牌声量监测');
    await page.getByTestId('admin-project-source').getByText('复制已有项目').click();
    await choose(page, 'admin-project-copy', '演示客户 / 星河汽车舆情监测（demo）');
    await product.screenshot(page, 'admin-project-dialog');
    await page.getByTestId('admin-project-form-ok').click();
    const project = page.getByTestId('admin-project-acme/brand');
    await project.waitFor();
    expect(await project.textContent()).toContain('正常');
    await screenshots(page, 'admin-tenancy');

    await page.getByTestId('admin-tab-users').click();
    await page.getByTestId('admin-user-admin').waitFor();
    await page.getByTestId('admin-user-add').click();
    await page.getByTestId('admin-user-username').fill('wang');
    await page.getByTestId('admin-user-nickname').fill('王分析师');
    await page.getByTestId('admin-user-password').fill('wang-pass-123');
    await page.getByTestId('admin-user-confirm').fill('wang-pass-124');
    await page.getByTestId('admin-user-form-ok').click();
    await page.getByText('两次输入的密码不一致').waitFor();
    await page.getByTestId('admin-user-confirm').fill('wang-pass-123');
    await page.getByTestId('admin-user-form-ok').click();
    const user = page.getByTestId('admin-user-wang');
    await user.waitFor();
    expect(await user.textContent()).toContain('未加入项目');

    await page.getByTestId('admin-user-roles-wang').click();
    await choose(page, 'admin-role-project', '阿克米科技 / 品牌声量监测（brand）');
    await choose(page, 'admin-role-role', '管理员');
    await page.getByTestId('admin-role-add').click();
    await page.getByTestId('admin-role-brand').waitFor();
    await product.screenshot(page, 'admin-roles-dialog');
    await page.getByRole('button', { name: '完 成' }).click();
    await page.getByText('阿克米科技 / 品牌声量监测 · 管理员').waitFor();
    await screenshots(page, 'admin-users');

    await page.getByTestId('admin-tab-audit').click();
    for (const action of ['customer.create', 'project.create', 'user.create', 'membership.set']) {
      await page.getByTestId(`admin-audit-${action}`).waitFor();
    }
    const roleRow = await page.getByTestId('admin-audit-membership.set').textContent();
    expect(roleRow).toContain('设置项目角色');
    expect(roleRow).toContain('admin');
    expect(roleRow).toContain('阿克米科技 / 品牌声量监测');
    expect(await page.getByTestId('admin-audit-project.create').textContent()).toContain(
      '复制项目「演示客户 / 星河汽车舆情监测」',
    );
    await screenshots(page, 'admin-audit');
    await page.close();

    // The new user opens the new project, a copy of the demo's pages, as its admin.
    const wang = await signIn(
      `${product.baseUrl}/yuqing/acme/brand/latest/`,
      'wang',
      'wang-pass-123',
    );
    expect(await wang.getByTestId('top-nav').textContent()).toContain('王分析师');
    await wang.close();
  });

  it('shows the super admin the sign-in lockouts', async () => {
    const page = await signIn(product.projectUrl, 'admin', ADMIN_PASSWORD);
    // Five wrong passwords from this address lock it out (the session signed in stays).
    await page.evaluate(async () => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await fetch('/api/v1/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            username: 'intruder',
            password: '0'.repeat(32),
            customer: { code: 'demo', name: '' },
            timestamp: Date.now(),
          }),
        });
      }
    });
    await page.goto(`${product.projectUrl}#/manage/admin?tab=lockouts`);
    // The address is refused for a while; the account is slowed down, not locked.
    const address = page.getByTestId('admin-lockout-address-intruder');
    await address.waitFor();
    expect(await address.textContent()).toContain('地址锁定');
    expect(await address.textContent()).toContain('生效中');
    expect(await page.getByTestId('admin-lockout-account-intruder').textContent()).toContain(
      '账号限速',
    );
    await screenshots(page, 'admin-lockouts');
    await page.close();
  });
});
