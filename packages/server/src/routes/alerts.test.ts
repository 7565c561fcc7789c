import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERTS_API, type AlertRule, type ParsedAlertMessage } from '@yuqing/core';
import { openTestApp, scopeQuery } from '../../test/app.js';
import { buildProject, type BuiltProject } from '../../test/factories.js';
import { expectRoleMatrix, signInRoles, withCookie, type RoleFixture } from '../../test/roles.js';
import { testStoreKinds } from '../../test/stores.js';

const spikeRule = {
  name: '负面突增',
  level: 'critical',
  query: { q: '星河', media_platform: ['Weibo'] },
  condition: { kind: 'spike', measure: 'negative' },
  quiet_hours: { start: '23:00', end: '07:00' },
};

const content = {
  measure: {
    window_start: 0,
    window_end: 3_600_000,
    value: 40,
    threshold: 3.5,
    count: 40,
    baseline: { median: 3, mad: 1, score: 20 },
    terms: [],
  },
  top_posts: [],
  top_words: [],
  platforms: [],
  first_post: null,
  link: '/yuqing/c/p/latest/#/?query=%7B%7D',
};

describe.each(testStoreKinds())('early-warning routes on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let roles: RoleFixture;

  beforeAll(async () => {
    ctx = await openTestApp(kind);
    project = await buildProject(ctx.store);
    roles = await signInRoles(ctx.app, ctx.store, project);
  });
  afterAll(() => ctx.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { payload?: object; query?: Record<string, string>; cookie?: string } = {},
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      query: { ...scopeQuery(project), ...options.query },
      headers: withCookie(options.cookie ?? roles.cookies.admin),
      ...(options.payload && { payload: options.payload }),
    });

  it('lets admins create, list, edit, disable and delete rules', async () => {
    const created = await call('POST', ALERTS_API.rules, { payload: spikeRule });
    expect(created.statusCode).toBe(200);
    const rule = created.json().data as AlertRule;
    expect(rule).toMatchObject({ ...spikeRule, enabled: true, interval_minutes: 15 });
    expect(rule.condition).toMatchObject({ baseline_days: 14, min_count: 20 });
    expect((await call('GET', ALERTS_API.rules)).json().data).toEqual([
      { ...rule, last_alert_at: null, recent_alerts: 0 },
    ]);

    const { _id } = rule;
    const edited = await call('PUT', ALERTS_API.rules, {
      payload: { ...rule, name: '负面突增（微博）', interval_minutes: 60 },
    });
    expect(edited.json().data).toMatchObject({ name: '负面突增（微博）', interval_minutes: 60 });
    const disabled = await call('POST', ALERTS_API.enableRule, {
      payload: { _id, enabled: false },
    });
    expect(disabled.json().data.enabled).toBe(false);
    expect((await call('DELETE', ALERTS_API.rules, { query: { _id } })).json()).toEqual({
      success: true,
      data: null,
    });
    expect((await call('GET', ALERTS_API.rules)).json().data).toEqual([]);
    const missing = await call('DELETE', ALERTS_API.rules, { query: { _id } });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a bad rule with a Chinese message naming the field', async () => {
    const bad = await call('POST', ALERTS_API.rules, {
      payload: { ...spikeRule, interval_minutes: 7, query: { q: '(星河' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/interval_minutes: 检查间隔须为 5、10、15/);
    expect(bad.json().msg).toMatch(/query\.q: /);
    const noLevels = await call('POST', ALERTS_API.rules, {
      payload: { name: '大V', condition: { kind: 'notable_post' } },
    });
    expect(noLevels.json().msg).toBe('condition.media_levels: 请选择媒体级别或填写粉丝数');
  });

  it('keeps rules to project admins: viewers get 403', async () => {
    const rule = (await call('POST', ALERTS_API.rules, { payload: spikeRule })).json()
      .data as AlertRule;
    const admins = { admin: 200, superAdmin: 200 };
    await expectRoleMatrix(roles, (cookie) => call('GET', ALERTS_API.rules, { cookie }), admins);
    await expectRoleMatrix(
      roles,
      (cookie) => call('POST', ALERTS_API.rules, { cookie, payload: spikeRule }),
      admins,
    );
    await expectRoleMatrix(
      roles,
      (cookie) => call('PUT', ALERTS_API.rules, { cookie, payload: rule }),
      admins,
    );
    await expectRoleMatrix(
      roles,
      (cookie) =>
        call('POST', ALERTS_API.enableRule, { cookie, payload: { _id: rule._id, enabled: true } }),
      admins,
    );
    await expectRoleMatrix(
      roles,
      (cookie) => call('POST', ALERTS_API.testRule, { cookie, payload: { ...spikeRule, days: 3 } }),
      admins,
    );
    await expectRoleMatrix(
      roles,
      (cookie) => call('GET', ALERTS_API.channelErrors, { cookie }),
      admins,
    );
    const spare = (await call('POST', ALERTS_API.rules, { payload: spikeRule })).json()
      .data as AlertRule;
    // Only the admin's own call deletes it; every other caller is refused before.
    await expectRoleMatrix(
      roles,
      (cookie) => call('DELETE', ALERTS_API.rules, { cookie, query: { _id: spare._id } }),
      { admin: 200, superAdmin: 404 },
    );
  });

  it('gives every member the rules’ ids and names, and nothing more', async () => {
    const rules = (await call('GET', ALERTS_API.rules)).json().data as AlertRule[];
    const names = await call('GET', ALERTS_API.ruleNames, { cookie: roles.cookies.viewer });
    expect(names.statusCode).toBe(200);
    expect(names.json().data).toEqual(rules.map(({ _id, name }) => ({ _id, name })));
    expect(rules.length).toBeGreaterThan(0);
    const caller = (cookie: string) => call('GET', ALERTS_API.ruleNames, { cookie });
    expect((await caller(roles.cookies.admin)).statusCode).toBe(200);
    expect((await caller(roles.cookies.superAdmin)).statusCode).toBe(200);
    expect((await caller(roles.cookies.outsider)).statusCode).toBe(403);
    expect((await caller('')).statusCode).toBe(401);
    // The viewer still may not read the rules themselves.
    expect((await call('GET', ALERTS_API.rules, { cookie: roles.cookies.viewer })).statusCode).toBe(
      403,
    );
  });

  it('tests a rule against the past days, answering every window it checked', async () => {
    const answer = await call('POST', ALERTS_API.testRule, {
      payload: { ...spikeRule, interval_minutes: 60, days: 2 },
    });
    const data = answer.json().data;
    expect(data).toMatchObject({ checked: 48, step_minutes: 60, firings: [], alerts: 0 });
    expect(data.windows).toHaveLength(48);
    // No posts: every window counts 0 against a baseline of 0, and fires from min_count (20).
    expect(data.windows[47]).toEqual({
      window_end: expect.any(Number),
      value: 0,
      count: 0,
      threshold: 20,
      baseline: 0,
      outcome: 'calm',
    });
    expect(data.windows[47].window_end - data.windows[0].window_end).toBe(47 * 3_600_000);
  });

  it('lists alerts with each member’s read state, filtered, and marks them read', async () => {
    const rule = (await call('POST', ALERTS_API.rules, { payload: spikeRule })).json()
      .data as AlertRule;
    const raise = (at: number, level: 'info' | 'critical') =>
      ctx.store.alerts.raise({
        projectId: project.id,
        ruleId: rule._id,
        ruleName: rule.name,
        level,
        at,
        startedAt: at - 3_600_000,
        firedAt: at,
        content,
      });
    const older = await raise(Date.UTC(2026, 10, 1), 'info');
    const newer = await raise(Date.UTC(2026, 10, 2), 'critical');
    const list = (cookie: string, query: Record<string, string> = {}) =>
      call('GET', ALERTS_API.alerts, { cookie, query: { rule_id: rule._id, ...query } });

    const viewer = roles.cookies.viewer;
    expect((await list(viewer)).json().data).toMatchObject({
      list: [
        { _id: newer._id, read: false, condition_kind: 'spike', ...content },
        { _id: older._id, read: false },
      ],
      total: 2,
    });
    const marked = await call('POST', ALERTS_API.read, {
      cookie: viewer,
      payload: { ids: [newer._id] },
    });
    expect(marked.json().data).toEqual({ marked: 1 });
    expect((await list(viewer, { unread: 'true' })).json().data.list).toMatchObject([
      { _id: older._id },
    ]);
    expect((await list(viewer, { level: 'critical' })).json().data.list).toMatchObject([
      { _id: newer._id, read: true },
    ]);
    // Read state is each member's own.
    expect((await list(roles.cookies.admin)).json().data.list[0].read).toBe(false);
    await call('POST', ALERTS_API.read, { cookie: viewer, payload: { all: true } });
    expect((await list(viewer)).json().data.unread).toBe(0);

    expect((await list(viewer)).statusCode).toBe(200);
    expect((await list(roles.cookies.outsider)).statusCode).toBe(403);
    expect((await list('')).statusCode).toBe(401);
    const nothing = await call('POST', ALERTS_API.read, { cookie: viewer, payload: {} });
    expect(nothing.json().msg).toBe('ids: 请指定要标记的预警');
  });

  it('answers each rule with its last alert and its alerts of the past 7 days', async () => {
    const rule = (
      await call('POST', ALERTS_API.rules, { payload: { ...spikeRule, name: '近期预警' } })
    ).json().data as AlertRule;
    const now = Date.now();
    for (const at of [now - 9 * 86_400_000, now - 2 * 86_400_000, now - 60_000])
      await ctx.store.alerts.raise({
        projectId: project.id,
        ruleId: rule._id,
        ruleName: rule.name,
        level: rule.level,
        at,
        startedAt: at - 3_600_000,
        firedAt: at,
        content,
      });
    const listed = (await call('GET', ALERTS_API.rules)).json().data as AlertRule[];
    expect(listed.find((each) => each._id === rule._id)).toMatchObject({
      last_alert_at: now - 60_000,
      recent_alerts: 2,
    });
  });

  it('answers the failing channels of all the project’s rules in one call (admins)', async () => {
    const rule = (
      await call('POST', ALERTS_API.rules, { payload: { ...spikeRule, name: '渠道失败' } })
    ).json().data as AlertRule;
    const [failing, fine] = await ctx.store.alertChannels.replace(project.id, rule._id, [
      { kind: 'webhook', sealed: 'sealed-a' },
      { kind: 'wecom', sealed: 'sealed-b' },
    ]);
    const alert = await ctx.store.alerts.raise({
      projectId: project.id,
      ruleId: rule._id,
      ruleName: rule.name,
      level: rule.level,
      at: Date.now(),
      startedAt: Date.now() - 3_600_000,
      firedAt: Date.now(),
      content,
    });
    const message: ParsedAlertMessage = {
      ruleName: rule.name,
      level: 'critical',
      raisedAt: 0,
      timeZone: 'Asia/Shanghai',
      window: { from: 0, to: 0 },
      numbers: { measure: 'count', current: 1, baseline: 0 },
      topPosts: [],
      topWords: [],
      platforms: [],
      link: 'http://localhost/',
    };
    // Due long after now, so only these claims take them (not the app's worker).
    const due = new Date(Date.now() + 365 * 86_400_000);
    await ctx.store.alertDeliveries.enqueue(
      [failing!, fine!].map((channel) => ({
        projectId: project.id,
        alertId: alert._id,
        channelId: channel.id,
        message,
      })),
      due,
    );
    const attemptAt = new Date(due.getTime() + 1_000);
    const lease = { owner: 'test', until: new Date(due.getTime() + 60_000) };
    for (let sends = 0; sends < 2; sends += 1) {
      const { id } = (await ctx.store.jobs.claim('alert-delivery', 4, attemptAt, lease))!;
      const send = (await ctx.store.alertDeliveries.markSending(id, attemptAt))!;
      if (send.channel_id === failing!.id)
        await ctx.store.alertDeliveries.markFailed(id, '连接被拒绝（ECONNREFUSED）', false);
      else await ctx.store.alertDeliveries.markSent(id, attemptAt);
    }

    const answer = await call('GET', ALERTS_API.channelErrors);
    expect(answer.json()).toEqual({
      success: true,
      data: [
        {
          ruleId: rule._id,
          channelId: failing!.id,
          kind: 'webhook',
          error: '连接被拒绝（ECONNREFUSED）',
          at: attemptAt.getTime(),
          state: 'failed',
        },
      ],
    });
    const other = await buildProject(ctx.store);
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1${ALERTS_API.channelErrors}`,
      query: scopeQuery(other),
      headers: withCookie(roles.cookies.superAdmin),
    });
    expect(elsewhere.json().data).toEqual([]);
  });
});
