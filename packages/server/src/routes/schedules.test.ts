import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { localParts, type Schedule, type ScheduleRun, type SchedulesAnswer } from '@yuqing/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPosts } from '../seed/demo-posts.js';
import { DEMO, seedIfEmpty } from '../seed/seed.js';
import { openTestApp, scopeQuery } from '../../test/app.js';
import type { BuiltProject } from '../../test/factories.js';
import {
  FakeAlertReceivers,
  RECEIVER_ADDRESS,
  RECEIVER_DESTINATIONS,
} from '../../test/fake-alert-receivers.js';
import { expectRoleMatrix, signInRoles, withCookie, type RoleFixture } from '../../test/roles.js';
import { SmtpInbox } from '../../test/smtp-inbox.js';

const TZ = 'Asia/Shanghai';

describe('/schedules', () => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let roles: RoleFixture;
  let receivers: FakeAlertReceivers;
  let inbox: SmtpInbox;
  let channelIds: string[];

  beforeAll(async () => {
    ctx = await openTestApp(
      'pglite',
      { alertSecretKey: randomBytes(32), publicUrl: 'https://yuqing.example.com' },
      { alertDestinations: RECEIVER_DESTINATIONS },
    );
    await ctx.app.ready();
    await seedIfEmpty(ctx.store);
    const record = (await ctx.store.tenancy.findProject(DEMO))!;
    project = { id: record.id, ...DEMO };
    await seedDemoPosts(ctx.store, ctx.engine, ctx.importer, 300);
    roles = await signInRoles(ctx.app, ctx.store, project);
    receivers = await FakeAlertReceivers.start({ webhook: 'hook-secret' });
    inbox = await SmtpInbox.start();
    const rule = await call('POST', '/alert_rules', {
      payload: { name: '日报渠道', enabled: false, condition: { kind: 'volume', threshold: 10 } },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/alerts/channels',
      query: { ...scopeQuery(project), rule_id: rule.json().data._id },
      headers: withCookie(roles.cookies.admin),
      payload: {
        channels: [
          { kind: 'wecom', url: receivers.url('/wecom?key=k') },
          { kind: 'webhook', url: receivers.url('/hook'), secret: 'hook-secret' },
          {
            kind: 'email',
            host: RECEIVER_ADDRESS,
            port: inbox.port,
            secure: false,
            from: 'yuqing@example.com',
            to: ['team@example.com'],
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    channelIds = saved.json().data.channels.map((channel: { id: string }) => channel.id);
  }, 120_000);
  afterAll(async () => {
    await receivers?.close();
    await inbox?.close();
    await ctx?.close();
  });

  function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { payload?: object; id?: string; cookie?: string } = {},
  ) {
    return ctx.app.inject({
      method,
      url: `/api/v1${path}`,
      query: { ...scopeQuery(project), ...(options.id && { id: options.id }) },
      headers: withCookie(options.cookie ?? roles.cookies.admin),
      ...(options.payload && { payload: options.payload }),
    });
  }

  const weekly = () => ({
    name: '品牌周报',
    page: 'overview',
    frequency: 'weekly',
    weekday: 1,
    time: '08:00',
    formats: ['pdf', 'docx'],
    channel_ids: channelIds,
  });

  async function runOf(id: string, runId: string): Promise<ScheduleRun> {
    const answer = await call('GET', '/schedules/runs', { id });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().data.runs as ScheduleRun[]).find((run) => run.id === runId)!;
  }

  it('lets project admins alone change schedules, and members list them', async () => {
    await expectRoleMatrix(
      roles,
      (cookie) => call('POST', '/schedules', { payload: weekly(), cookie }),
      { admin: 200, superAdmin: 200 },
    );
    const { schedules } = (await call('GET', '/schedules')).json().data as SchedulesAnswer;
    const id = schedules[0]!._id;
    for (const [method, path] of [
      ['PUT', '/schedules'],
      ['DELETE', '/schedules'],
      ['POST', '/schedules/send'],
      ['GET', '/schedules/runs'],
    ] as const) {
      const answer = await call(method, path, {
        id,
        cookie: roles.cookies.viewer,
        ...(method === 'PUT' && { payload: weekly() }),
      });
      expect(answer.statusCode, `${method} ${path}`).toBe(403);
    }
    const listed = await call('GET', '/schedules', { cookie: roles.cookies.viewer });
    expect(listed.statusCode).toBe(200);
    const seen = listed.json().data as SchedulesAnswer;
    expect(seen.schedules.length).toBeGreaterThan(0);
    // A viewer is shown no channels and no one else's subscription.
    expect(seen.channels).toEqual([]);
  });

  it('answers the next run on the weekday and time in the project’s zone', async () => {
    const answer = await call('POST', '/schedules', { payload: weekly() });
    const saved = answer.json().data as Schedule;
    expect(saved.next_run_at).toBeGreaterThan(Date.now());
    const local = localParts(saved.next_run_at!, TZ);
    expect([local.weekday, local.hour, local.minute]).toEqual([0, 8, 0]);
    const off = await call('PUT', '/schedules', {
      id: saved._id,
      payload: { ...weekly(), enabled: false },
    });
    expect(off.json().data.next_run_at).toBeNull();
  });

  it('names what is wrong: a page the dashboard lacks, another project’s channel or report', async () => {
    const page = await call('POST', '/schedules', { payload: { ...weekly(), page: 'nope' } });
    expect(page.statusCode).toBe(404);
    expect(page.json().msg).toContain('页面 nope 不存在');
    const channel = await call('POST', '/schedules', {
      payload: { ...weekly(), channel_ids: ['7f0c3c9e-2f4b-4a53-9a84-1d1f0e6b2a10'] },
    });
    expect(channel.statusCode).toBe(400);
    expect(channel.json().msg).toContain('channel_ids.0: 渠道不存在');
    const time = await call('POST', '/schedules', { payload: { ...weekly(), time: '25:00' } });
    expect(time.statusCode).toBe(400);
    expect(time.json().msg).toContain('时间应为 HH:mm');
    const template = await call('POST', '/schedules', {
      payload: { ...weekly(), template: '7f0c3c9e-2f4b-4a53-9a84-1d1f0e6b2a10' },
    });
    expect(template.statusCode).toBe(400);
    expect(template.json().msg).toContain('template: 报告模板不存在');
  });

  it('sends at once: the report of last week, its files, the channels and a subscriber', async () => {
    const saved = (await call('POST', '/schedules', { payload: weekly() })).json().data as Schedule;
    const subscribed = await call('POST', '/schedules/subscribe', {
      id: saved._id,
      cookie: roles.cookies.viewer,
      payload: { email: 'viewer@example.com' },
    });
    expect(subscribed.json().data.subscribed_email).toBe('viewer@example.com');
    const listed = (await call('GET', '/schedules')).json().data as SchedulesAnswer;
    expect(listed.schedules.find((one) => one._id === saved._id)!.subscribers).toMatchObject([
      { email: 'viewer@example.com' },
    ]);

    const sent = await call('POST', '/schedules/send', { id: saved._id });
    expect(sent.statusCode, sent.body).toBe(200);
    const runId = sent.json().data.run_id as string;
    let run = await runOf(saved._id, runId);
    for (let tries = 0; run.status === 'running' && tries < 600; tries++) {
      await sleep(100);
      run = await runOf(saved._id, runId);
    }
    expect(run).toMatchObject({ status: 'sent', manual: true, error: null });
    expect(run.files.map((file) => file.format)).toEqual(['pdf', 'docx']);
    expect(run.recipients).toEqual([
      { name: '日报渠道 · 企业微信', ok: true },
      { name: '日报渠道 · Webhook', ok: true },
      { name: '日报渠道 · 邮件', ok: true },
      { name: expect.stringMatching(/^订阅 · .+ <viewer@example\.com>$/), ok: true },
    ]);
    // Last week, Monday to Sunday in Shanghai.
    expect(localParts(run.period.start, TZ)).toMatchObject({ weekday: 0, hour: 0, minute: 0 });
    expect(run.period.end - run.period.start).toBe(7 * 86_400_000);

    const hook = receivers.bodies('/hook').at(-1) as { event: string; report: { link: string } };
    expect(hook.event).toBe('report');
    expect(hook.report.link).toBe(
      `https://yuqing.example.com/yuqing/${DEMO.customer}/${DEMO.project}/latest/#/report?id=${run.report_id}`,
    );
    const wecom = receivers.bodies('/wecom').at(-1) as { markdown: { content: string } };
    expect(wecom.markdown.content).toContain('【周报】品牌周报');
    expect(wecom.markdown.content).toMatch(/本期共监测到相关信息 [\d,]+ 条/);

    const mails = inbox.mails.filter((mail) => mail.subject?.startsWith('【周报】品牌周报'));
    expect(mails.map((mail) => (mail.to as { text: string }).text).sort()).toEqual([
      'team@example.com',
      'viewer@example.com',
    ]);
    for (const mail of mails)
      expect(mail.attachments.map((file) => file.contentType).sort()).toEqual([
        'application/pdf',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ]);

    // The run's report holds last week's numbers for good.
    const report = await call('GET', '/report', { id: run.report_id! });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.chart_source).toMatchObject({
      query: { start: run.period.start, end: run.period.end },
    });
  });
});
