import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAlertReceivers, RECEIVER_ADDRESS } from '@yuqing/server/testing/fake-alert-receivers';
import { SmtpInbox } from '@yuqing/server/testing/smtp-inbox';
import { adminPage, startProduct, type Product } from './harness.js';

const NAME = '品牌日报';
const HOOK_SECRET = 'e2e-hook-secret';
const SCOPE = 'repository=yuqing&customer=demo&project=demo';
const WIDE = { width: 1920, height: 1080 };
const NARROW = { width: 1280, height: 800 };

async function shootBoth(product: Product, page: Page, name: string) {
  await page.setViewportSize(NARROW);
  await product.screenshot(page, `${name}-1280`);
  await page.setViewportSize(WIDE);
  await product.screenshot(page, `${name}-1920`);
}

/** A call of the product's API from the signed-in page, as its own screens make them. */
function api(page: Page, method: string, path: string, body: object) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { data: Record<string, unknown> };
    },
    { method, url: `/api/v1${path}${path.includes('?') ? '&' : '?'}${SCOPE}`, body },
  );
}

describe('scheduled reports: the overview daily, sent at once to a webhook and a mailbox', () => {
  let product: Product;
  let page: Page;
  let receivers: FakeAlertReceivers;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    receivers = await FakeAlertReceivers.start({ webhook: HOOK_SECRET });
    inbox = await SmtpInbox.start();
    product = await startProduct({
      env: {
        ALERT_SECRET_KEY: 'b4e2d8f13a6c5097b4e2d8f13a6c5097b4e2d8f13a6c5097b4e2d8f13a6c5097',
        // The receivers listen on a loopback address of their own, opened to the server here.
        ALERT_ALLOWED_NETWORKS: RECEIVER_ADDRESS,
      },
    });
    page = await adminPage(product);
    await page.goto(`${product.projectUrl}#/manage/schedules`);
    const rule = await api(page, 'POST', '/alert_rules', {
      name: '日报渠道',
      enabled: false,
      condition: { kind: 'volume', threshold: 10 },
    });
    await api(page, 'PUT', `/alerts/channels?rule_id=${String(rule.data._id)}`, {
      channels: [
        { kind: 'webhook', url: receivers.url('/hook'), secret: HOOK_SECRET },
        {
          kind: 'email',
          host: RECEIVER_ADDRESS,
          port: inbox.port,
          secure: false,
          from: 'yuqing@example.com',
          to: ['team@example.com'],
        },
      ],
    });
  });
  afterAll(async () => {
    await product?.close();
    await receivers?.close();
    await inbox?.close();
  });

  it('schedules the overview daily at 08:00 as PDF and Word to both channels', async () => {
    await page.reload();
    await page.getByTestId('manage-schedules').waitFor({ timeout: 20_000 });
    await page.getByTestId('schedule-new').first().click();
    await page.getByTestId('schedule-drawer').waitFor();
    await page.getByTestId('schedule-name').fill(NAME);
    await page.getByTestId('schedule-formats').getByText('Word', { exact: true }).click();
    await page.getByTestId('schedule-channels').click();
    for (const label of ['日报渠道 · Webhook', '日报渠道 · 邮件'])
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .getByText(label, { exact: true })
        .click();
    await page.getByTestId('schedule-name').click();
    await expect.poll(() => page.getByTestId('schedule-next-preview').innerText()).toMatch(/08:00/);
    await shootBoth(product, page, 'schedules-drawer');
    await page.getByTestId('schedule-save').click();
    const row = page.getByTestId(`schedule-${NAME}`);
    await row.waitFor({ timeout: 20_000 });
    expect(await row.innerText()).toContain('每天 08:00');
    expect(await row.innerText()).toContain('昨天');
    await shootBoth(product, page, 'schedules-list');
  });

  it('sends at once, shows the run in the history, and opens the report it made', async () => {
    const row = page.getByTestId(`schedule-${NAME}`);
    await row.getByTestId('schedule-send').click();
    const runs = page.getByTestId('schedule-runs');
    await runs.waitFor({ timeout: 20_000 });
    const status = runs.getByTestId('schedule-run-status').first();
    await expect
      .poll(() => status.innerText(), { timeout: 60_000, interval: 1_000 })
      .toBe('已发送');
    const recipients = await runs.getByTestId('schedule-run-recipient').allInnerTexts();
    expect(recipients.join(' ')).toContain('日报渠道 · Webhook');
    expect(recipients.join(' ')).toContain('日报渠道 · 邮件');
    await shootBoth(product, page, 'schedules-history');

    const hook = receivers.bodies('/hook').at(-1) as { event: string; report: { link: string } };
    expect(hook.event).toBe('report');
    const mail = inbox.mails.at(-1)!;
    expect(mail.subject).toMatch(new RegExp(`^【日报】${NAME} · \\d{4}-\\d{2}-\\d{2}$`));
    expect(mail.attachments.map((file) => file.filename?.split('.').pop()).sort()).toEqual([
      'docx',
      'pdf',
    ]);

    await runs.getByRole('link', { name: '查看报告' }).first().click();
    await page.waitForURL(/#\/report\?id=/, { waitUntil: 'commit', timeout: 20_000 });
    expect(hook.report.link).toContain(new URL(page.url()).hash);
    await page.getByTestId('report-status').waitFor({ timeout: 30_000 });
    await shootBoth(product, page, 'schedules-report');

    // The report list names the schedule and when it sends next.
    await page.goto(`${product.projectUrl}#/report`);
    const listed = page.getByTestId('report-schedules');
    await listed.getByText(NAME, { exact: true }).waitFor({ timeout: 20_000 });
    expect(await listed.innerText()).toMatch(/\d{4}-\d{2}-\d{2} 08:00/);
  });
});
