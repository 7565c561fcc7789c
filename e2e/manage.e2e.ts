import { STALE_DRAFT_MESSAGE } from '@yuqing/core';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  addDemoMember,
  pageSettled,
  signInWithPassword,
  startProduct,
  toastShown,
  type Product,
} from './harness.js';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A widget's grid box as the editor shows it (`data-layout="x,y,w,h"`). */
async function layoutOf(page: Page, id: string): Promise<Box> {
  const text = await page.getByTestId(`manage-widget-${id}`).getAttribute('data-layout');
  const [x, y, w, h] = text!.split(',').map(Number) as [number, number, number, number];
  return { x, y, w, h };
}

/** Presses the mouse on `from`'s centre and moves it by (dx, dy) in small steps, then lets go. */
async function dragBy(page: Page, from: Locator, dx: number, dy: number) {
  await from.scrollIntoViewIfNeeded();
  await from.hover();
  const box = (await from.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 4, y + dy / 4, { steps: 5 });
  await page.mouse.move(x + dx, y + dy, { steps: 20 });
  await pageSettled(page);
  await page.mouse.up();
  await pageSettled(page);
}

async function openEditor(product: Product, page: Page) {
  await page.goto(`${product.projectUrl}#/manage`);
  await page.getByTestId('manage-editor').waitFor();
  await page.getByTestId('manage-widget-w1').waitFor();
}

async function signIn(product: Product, username: string, password: string): Promise<Page> {
  const page = await product.newPage();
  await page.goto(`${product.projectUrl}#/login`);
  await signInWithPassword(page, username, password);
  await page.getByTestId('top-nav').waitFor();
  return page;
}

/** The top of each widget on the viewer's overview page, once the grid is drawn. */
async function viewerBoxes(page: Page, product: Product, ids: string[]) {
  await page.goto(`${product.projectUrl}#/overview`);
  await page.getByTestId('dashboard-overview').waitFor();
  await page.getByTestId('widget-grid').waitFor();
  await pageSettled(page);
  const grid = (await page.getByTestId('widget-grid').boundingBox())!;
  const boxes: Record<string, { top: number; width: number } | undefined> = {};
  for (const id of ids) {
    const widget = page.getByTestId(`widget-${id}`);
    const box = (await widget.count()) > 0 ? await widget.boundingBox() : null;
    boxes[id] = box ? { top: box.y - grid.y, width: box.width / grid.width } : undefined;
  }
  return boxes;
}

describe('visual configuration editor', () => {
  let product: Product;
  let admin: Page;
  /** A second editor that opened the draft before the first one saved. */
  let second: Page;
  let wordsId: string;
  let resized: Box;
  /** What the first editor's page warned of in its console. */
  const warnings: string[] = [];

  beforeAll(async () => {
    product = await startProduct();
    admin = await signIn(product, 'admin', ADMIN_PASSWORD);
    admin.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    second = await product.browser.newPage();
    await openEditor(product, second);
    await openEditor(product, admin);
  });
  afterAll(() => product.close());

  it(
    'drags and resizes widgets, adds a word cloud, edits its title, saves and publishes',
    { timeout: 240_000 },
    async () => {
      await product.screenshot(admin, 'manage-editor');
      const before = { w1: await layoutOf(admin, 'w1'), w2: await layoutOf(admin, 'w2') };
      expect(before.w1.y).toBeLessThan(before.w2.y);

      // Drag the landing page (top) below the statistics cards: the cards move up.
      await dragBy(admin, admin.getByTestId('manage-widget-drag-w1'), 0, 330);
      const after = { w1: await layoutOf(admin, 'w1'), w2: await layoutOf(admin, 'w2') };
      expect(after.w2.y).toBeLessThan(after.w1.y);

      // Resize the trend chart narrower from its right edge.
      const trend = await layoutOf(admin, 'w3');
      const handle = admin
        .getByTestId('manage-widget-w3')
        .locator('xpath=..')
        .locator('.react-resizable-handle-se');
      await dragBy(admin, handle, -200, 60);
      resized = await layoutOf(admin, 'w3');
      expect(resized.w).toBeLessThan(trend.w);
      expect(resized.h).toBeGreaterThan(trend.h);
      await expect.poll(() => admin.getByTestId('manage-status').innerText()).toContain('未保存');

      // Add a word cloud from the palette: it is selected and its form opens.
      await admin.getByTestId('manage-tab-palette').click();
      await admin.getByTestId('manage-palette-words').click();
      const selected = admin.locator('[data-testid^="manage-widget-"][data-selected="true"]');
      wordsId = (await selected.getAttribute('data-testid'))!.replace('manage-widget-', '');
      await admin.getByTestId('manage-panel').waitFor();
      await admin.getByTestId('manage-panel-title').fill('新品热词');
      await expect
        .poll(() => admin.getByTestId(`widget-${wordsId}`).innerText())
        .toContain('新品热词');
      await admin.getByTestId(`widget-${wordsId}`).locator('canvas').waitFor({ timeout: 30_000 });
      await product.screenshot(admin, 'manage-editor-edited');

      // A reload keeps the unsaved edits (local working copy on the same revision).
      admin.once('dialog', (dialog) => void dialog.accept());
      await admin.reload();
      await admin.getByTestId('manage-editor').waitFor();
      await admin.getByTestId(`manage-widget-${wordsId}`).waitFor();
      expect(await layoutOf(admin, 'w3')).toEqual(resized);

      await admin.getByTestId('manage-save').click();
      await toastShown(admin, '保存成功');
      await expect.poll(() => admin.getByTestId('manage-status').innerText()).toContain('已保存');
      await admin.getByTestId('manage-publish').click();
      await toastShown(admin, '发布成功');
      await expect
        .poll(() => admin.getByTestId('manage-status').innerText())
        .toMatch(/已发布 · 版本 \d+/);

      // The same tab shows what was published on the page, without a reload by hand.
      await admin.evaluate(() => {
        window.location.hash = '#/overview';
      });
      await expect
        .poll(() => admin.getByTestId(`widget-${wordsId}`).innerText(), { timeout: 30_000 })
        .toContain('新品热词');
      // Nothing warns of a router blocker when the address changes without edits to keep.
      expect(warnings.filter((text) => text.includes('blocker'))).toEqual([]);
    },
  );

  it('refuses a stale save from an editor opened before, explains it, and keeps its edits', async () => {
    // A page in the background runs no animations: bring it forward like a person would.
    await second.bringToFront();
    await second.getByTestId('manage-widget-edit-w2').click();
    await second.getByTestId('manage-panel-title').fill('第二位管理员的标题');
    await second.getByTestId('manage-save').click();
    const modal = second.getByTestId('manage-stale-modal');
    await modal.waitFor();
    expect(await modal.innerText()).toContain(STALE_DRAFT_MESSAGE);
    await product.screenshot(second, 'manage-stale-save');
    await second.getByTestId('manage-stale-keep').click();
    expect(await second.getByTestId('manage-panel-title').inputValue()).toBe('第二位管理员的标题');
    expect(await second.getByTestId('widget-w2').innerText()).toContain('第二位管理员的标题');
    expect(await second.getByTestId('manage-status').innerText()).toContain('未保存');
    await second.close();
  });

  it('shows viewers the published layout and title', async () => {
    const viewer = await addDemoMember(product, 'viewer');
    const page = await signIn(product, viewer.username, viewer.password);
    const boxes = await viewerBoxes(page, product, ['w1', 'w2', 'w3', wordsId]);
    expect(boxes.w2!.top).toBeLessThan(boxes.w1!.top);
    expect(boxes.w3!.width).toBeCloseTo(resized.w / 24, 1);
    expect(await page.getByTestId(`widget-${wordsId}`).innerText()).toContain('新品热词');
    expect(await page.getByTestId('widget-w2').innerText()).not.toContain('第二位管理员的标题');
    await product.screenshot(page, 'manage-viewer-published');
    await page.close();
  });

  it('rolls back to the first version, which viewers then see', async () => {
    const page = await signIn(product, 'admin', ADMIN_PASSWORD);
    await openEditor(product, page);
    // The second editor's refused edits are still in this browser, made on an older revision:
    // the editor offers them, and they are discarded here.
    await page.getByTestId('manage-local-modal').waitFor();
    await product.screenshot(page, 'manage-local-edits');
    await page.getByTestId('manage-local-discard').click();
    expect(await page.getByTestId('widget-w2').innerText()).not.toContain('第二位管理员的标题');
    await page.getByTestId('manage-versions').click();
    await page.getByTestId('manage-version-2').waitFor();
    await product.screenshot(page, 'manage-versions');
    await page.getByTestId('manage-version-rollback-1').click();
    await page.getByTestId('manage-rollback-ok').click();
    await page.getByText('已回滚到版本 1').waitFor();
    await page.getByTestId('manage-version-3').waitFor();
    await page.close();

    const viewer = await addDemoMember(product, 'viewer');
    const view = await signIn(product, viewer.username, viewer.password);
    const boxes = await viewerBoxes(view, product, ['w1', 'w2', wordsId]);
    expect(boxes.w1!.top).toBeLessThan(boxes.w2!.top);
    expect(boxes[wordsId]).toBeUndefined();
    await product.screenshot(view, 'manage-viewer-rolled-back');
  });

  it('copies pages and widgets, and edits page settings, the menu and the site', async () => {
    const page = await signIn(product, 'admin', ADMIN_PASSWORD);
    await openEditor(product, page);
    await page.getByTestId('manage-page-trend').click();
    await page.getByTestId('manage-page-copy-trend').click();
    await toastShown(page, '页面复制成功');
    await page.getByTestId('manage-page-trend_copy').waitFor();
    const widget = page.locator('[data-testid^="manage-widget-copy-"]').first();
    await widget.hover();
    await widget.click();
    await toastShown(page, '组件复制成功');

    await page.getByTestId('manage-tab-page').click();
    await page.getByTestId('manage-page-settings').waitFor();
    await product.screenshot(page, 'manage-page-settings');
    await page.getByTestId('manage-tab-menu').click();
    await page.getByTestId('manage-menu-key-1').fill('overview');
    await page.getByTestId('manage-menu').getByText('菜单 key 重复').waitFor();
    await product.screenshot(page, 'manage-menu');
    await page.getByTestId('manage-menu-key-1').fill('trend');
    await page.getByTestId('manage-tab-site').click();
    await page.getByTestId('manage-site').waitFor();
    await product.screenshot(page, 'manage-site');

    // An embedded page without its address: the spec's required message.
    await page.getByTestId('manage-tab-palette').click();
    await page.getByTestId('manage-palette-m-iframe').click();
    await page.getByTestId('manage-panel').getByText('请输入链接地址').waitFor();
    await page
      .getByTestId('manage-panel')
      .getByPlaceholder('https://… 或 /站内地址')
      .fill('ftp://x');
    await page.getByTestId('manage-panel').getByText('链接地址不是一个有效的url').waitFor();
    await product.screenshot(page, 'manage-widget-form');

    // A pie dragged from the palette lands where it is let go, at the top left, and opens.
    await page.getByTestId('manage-tab-palette').click();
    await page
      .getByTestId('manage-palette-pie')
      .dragTo(page.getByTestId('manage-grid'), { targetPosition: { x: 40, y: 20 } });
    const dropped = page.locator('[data-testid^="manage-widget-w"][data-selected="true"]');
    await page.getByTestId('manage-panel').waitFor();
    expect(await dropped.getAttribute('data-layout')).toMatch(/^0,0,/);
    expect(await page.getByTestId('manage-panel-type').textContent()).toContain('饼图');
    // The widgets that were there moved out of its way: no two boxes overlap.
    const boxes = (
      await page
        .locator('[data-testid^="manage-widget-w"]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-layout')!))
    ).map((text) => text.split(',').map(Number) as [number, number, number, number]);
    const overlap = ([ax, ay, aw, ah]: number[], [bx, by, bw, bh]: number[]) =>
      ax! < bx! + bw! && bx! < ax! + aw! && ay! < by! + bh! && by! < ay! + ah!;
    expect(boxes.length).toBeGreaterThan(2);
    boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => expect(overlap(a, b)).toBe(false)));
    await product.screenshot(page, 'manage-palette-dropped');
  });
});
