import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  signInWithPassword,
  startProduct,
  toastShown,
  type Product,
} from './harness.js';

const TREE_CSV = [
  'value,label,parent',
  '/乘用车,乘用车,',
  '/乘用车/轿车,"轿车, 三厢",/乘用车',
  '/乘用车/SUV,SUV,/乘用车',
  '/商用车,商用车,',
].join('\r\n');

describe('data and system configuration', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product.close());

  async function signIn(username: string, password: string): Promise<Page> {
    const page = await product.newPage();
    await page.goto(`${product.projectUrl}#/login`);
    await signInWithPassword(page, username, password);
    await page.getByTestId('top-nav').waitFor();
    return page;
  }

  it('lets the super admin add a tree data item from CSV and lists it', async () => {
    const page = await signIn('admin', ADMIN_PASSWORD);
    await page.goto(`${product.projectUrl}#/manage/data`);
    await page.getByTestId('manage-data').waitFor();
    await page.getByTestId('data-item-add').click();
    await page.getByTestId('data-new-name').fill('车型');
    // check() retries until the radio is checked: a click while the modal still opened was lost.
    await page.getByRole('radio', { name: '树形（可嵌套子项）' }).check();
    await page.getByTestId('data-new-ok').click();
    await page.getByTestId('data-editor').waitFor();

    // A file with bad lines is refused, line by line.
    await page.getByTestId('data-csv-input').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('value,label,parent\n/a,甲,\n,空,\n/b,乙,/missing\n'),
    });
    const problems = page.getByTestId('data-csv-problems');
    await problems.waitFor();
    expect(await problems.textContent()).toContain('第3行：缺少值（第一列）');
    expect(await problems.textContent()).toContain('第4行：父项「/missing」不存在');
    await product.screenshot(page, 'manage-data-csv-problems');

    await page.getByTestId('data-csv-input').setInputFiles({
      name: 'models.csv',
      mimeType: 'text/csv',
      buffer: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TREE_CSV)]),
    });
    await page.getByTestId('data-csv-problems').waitFor({ state: 'detached' });
    await page.locator('input[value="轿车, 三厢"]').waitFor();
    await page.getByTestId('data-editor-save').click();
    await toastShown(page, '保存成功');
    const listed = page.getByTestId('data-item-车型');
    await listed.waitFor();
    expect(await listed.textContent()).toContain('4 项');
    await product.screenshot(page, 'manage-data');

    await page.getByTestId('data-editor-mode').getByText('JSON').click();
    const json = JSON.parse(await page.getByTestId('data-editor-json').inputValue());
    expect(json.items[0].children[0]).toEqual({ value: '/乘用车/轿车', label: '轿车, 三厢' });
    await product.screenshot(page, 'manage-data-json');

    // What was saved is what the server hands out.
    const saved = await page.evaluate(async () => {
      const response = await fetch(
        '/api/v1/project_data_item?repository=yuqing&customer=demo&project=demo&name=车型',
      );
      return response.json();
    });
    expect(saved.data.items).toHaveLength(2);
    await page.close();
  });

  it('exports the tagging rules as CSV and imports them back with a product more', async () => {
    const page = await signIn('admin', ADMIN_PASSWORD);
    await page.goto(`${product.projectUrl}#/manage/data`);
    const panel = page.getByTestId('tag-rules');
    await panel.getByText('最近更新').waitFor();
    const counts = () => page.getByTestId('tag-rules-counts').innerText();
    expect(await counts()).toContain('产品 7');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: /导出 CSV/ }).click(),
    ]);
    const exported = await readFile((await download.path())!, 'utf8');
    expect(exported.split(/\r?\n/)[0]).toContain('kind,name,path');

    // A line naming a brand the rules lack is refused whole, naming the line.
    await page.getByTestId('tag-rules-csv-input').setInputFiles({
      name: 'bad-rules.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${exported.trimEnd()}\nproduct,星河S9,,无此品牌,,,,,,,\n`),
    });
    // Replacing every rule is asked first, saying how many go.
    const confirm = (file: string) =>
      page
        .getByRole('dialog')
        .filter({ hasText: `将用「${file}」中的规则替换现有的` })
        .last();
    await confirm('bad-rules.csv').waitFor();
    expect(await confirm('bad-rules.csv').innerText()).toContain('替换全部标注规则？');
    await confirm('bad-rules.csv').getByRole('button', { name: '替换规则' }).click();
    await toastShown(page, '无此品牌');
    expect(await counts()).toContain('产品 7');

    await page.getByTestId('tag-rules-csv-input').setInputFiles({
      name: 'rules.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${exported.trimEnd()}\nproduct,星河S9,,星河汽车,轿车,大型轿车,,,,s9,\n`),
    });
    await confirm('rules.csv').getByRole('button', { name: '替换规则' }).click();
    await toastShown(page, '已从 rules.csv 导入');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="tag-rules-counts"]')?.textContent?.includes('产品 8'),
    );
    await product.screenshot(page, 'manage-data-tag-rules');
    await page.close();
  });

  it('lets the super admin add a member and reset their password; the member signs in', async () => {
    const page = await signIn('admin', ADMIN_PASSWORD);
    await page.goto(`${product.projectUrl}#/manage/sys`);
    await page.getByTestId('manage-sys').waitFor();
    await page.getByTestId('sys-settings-save').waitFor();
    await product.screenshot(page, 'manage-sys');

    await page.getByTestId('sys-member-add').click();
    await page.getByTestId('member-add-username').fill('e2e-analyst');
    await page.getByTestId('member-add-nickname').fill('分析师小王');
    await page.getByTestId('member-add-password').fill('first-pass-123');
    await page.getByTestId('member-add-ok').click();
    const row = page.getByTestId('sys-member-e2e-analyst');
    await row.waitFor();
    expect(await row.textContent()).toContain('分析师小王');

    await page.getByTestId('sys-member-reset-e2e-analyst').click();
    await page.getByTestId('member-reset-password').fill('second-pass-456');
    await page.getByTestId('member-reset-confirm').fill('second-pass-456');
    await page.getByTestId('member-reset-ok').click();
    await page.getByText('密码已重置').waitFor();

    await page.getByTestId('sys-member-role-e2e-analyst').click();
    await page.getByText('已修改角色').waitFor();
    expect(await row.textContent()).toContain('管理员');
    await product.screenshot(page, 'manage-sys-members');
    await page.close();

    const member = await signIn('e2e-analyst', 'second-pass-456');
    expect(await member.getByTestId('top-nav').textContent()).toContain('分析师小王');
    await member.close();
  });
});
