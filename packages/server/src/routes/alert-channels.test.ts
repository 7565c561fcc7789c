import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SECRET_MASK,
  alertRuleInput,
  type AlertChannelInput,
  type AlertChannelsAnswer,
  type AlertRule,
} from '@yuqing/core';
import { SecretBox } from '../alerts/delivery/secret-box.js';
import { FakeAlertReceivers, RECEIVER_DESTINATIONS } from '../../test/fake-alert-receivers.js';
import { openTestApp, scopeQuery } from '../../test/app.js';
import { buildProject, type BuiltProject } from '../../test/factories.js';
import { expectRoleMatrix, signInRoles, withCookie, type RoleFixture } from '../../test/roles.js';
import { testStoreKinds } from '../../test/stores.js';

const DING_SECRET = 'SECding-secret';
const SMTP_PASSWORD = 'smtp-password';

describe.each(testStoreKinds())('/alerts/channels on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let roles: RoleFixture;
  let receivers: FakeAlertReceivers;

  beforeAll(async () => {
    ctx = await openTestApp(
      kind,
      { alertSecretKey: randomBytes(32) },
      {
        alertDestinations: {
          ...RECEIVER_DESTINATIONS,
          // A resolver that never answers for one name, as a sandbox's may not.
          resolve: (host) =>
            host === 'never-answers.example'
              ? new Promise(() => {})
              : RECEIVER_DESTINATIONS.resolve(host),
        },
      },
    );
    project = await buildProject(ctx.store);
    roles = await signInRoles(ctx.app, ctx.store, project);
    receivers = await FakeAlertReceivers.start({ dingtalk: DING_SECRET });
  });
  afterAll(async () => {
    await receivers.close();
    await ctx.close();
  });

  const newRule = (projectId = project.id): Promise<AlertRule> =>
    ctx.store.alertRules.add(
      projectId,
      alertRuleInput.parse({ name: '负面声量', condition: { kind: 'volume', threshold: 10 } }),
    );

  const call = (
    method: 'GET' | 'PUT' | 'POST',
    options: { ruleId?: string; payload?: object; cookie?: string; test?: boolean },
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1/alerts/channels${options.test ? '/test' : ''}`,
      query: { ...scopeQuery(project), ...(options.ruleId && { rule_id: options.ruleId }) },
      headers: withCookie(options.cookie ?? roles.cookies.admin),
      ...(options.payload && { payload: options.payload }),
    });

  const dingtalkUrl = () => receivers.url('/dingtalk?access_token=token-in-url');
  const channels = (): AlertChannelInput[] => [
    { kind: 'dingtalk', url: dingtalkUrl(), secret: DING_SECRET },
    {
      kind: 'email',
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      user: 'alerts',
      password: SMTP_PASSWORD,
      from: 'alerts@example.com',
      to: ['team@example.com'],
    },
  ];

  it('keeps secrets sealed at rest and answers them masked', async () => {
    const rule = await newRule();
    const saved = await call('PUT', { ruleId: rule._id, payload: { channels: channels() } });
    expect(saved.statusCode).toBe(200);
    const answer = saved.json().data as AlertChannelsAnswer;
    expect(answer.channels).toEqual([
      { id: expect.any(String), kind: 'dingtalk', url: SECRET_MASK, secret: SECRET_MASK },
      { ...channels()[1], id: expect.any(String), password: SECRET_MASK },
    ]);
    const listed = await call('GET', { ruleId: rule._id });
    expect(listed.json()).toEqual({ success: true, data: answer });
    for (const body of [saved.body, listed.body]) {
      for (const secret of ['token-in-url', DING_SECRET, SMTP_PASSWORD]) {
        expect(body).not.toContain(secret);
      }
    }

    const rows = await ctx.store.alertChannels.list(project.id, rule._id);
    expect(rows.map((row) => row.kind)).toEqual(['dingtalk', 'email']);
    for (const row of rows) {
      expect(row.sealed).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
      for (const secret of ['token-in-url', DING_SECRET, SMTP_PASSWORD, 'smtp.example.com']) {
        expect(row.sealed).not.toContain(secret);
      }
    }
  });

  it('keeps the secrets a form sends back masked, and a test send uses them', async () => {
    const rule = await newRule();
    const first = (
      await call('PUT', { ruleId: rule._id, payload: { channels: channels() } })
    ).json().data as AlertChannelsAnswer;
    const [dingtalk, email] = first.channels;
    const resaved = await call('PUT', {
      ruleId: rule._id,
      payload: { channels: [{ ...email, to: ['new@example.com'] }, dingtalk] },
    });
    expect(resaved.statusCode).toBe(200);
    const again = resaved.json().data as AlertChannelsAnswer;
    expect(again.channels.map((channel) => channel.id)).toEqual([email!.id, dingtalk!.id]);
    expect(again.channels[0]).toMatchObject({ to: ['new@example.com'], password: SECRET_MASK });

    const tested = await call('POST', {
      test: true,
      payload: { rule_id: rule._id, channel: { id: dingtalk!.id, kind: 'dingtalk' } },
    });
    expect(tested.json()).toEqual({ success: true, data: { delivered: true } });
    const sent = receivers.calls.at(-1)!;
    expect(sent.query.get('access_token')).toBe('token-in-url');
    const text = (JSON.parse(sent.body) as { markdown: { text: string } }).markdown.text;
    expect(text).toContain('【舆情预警·提示】测试消息（请忽略）');
    expect(text).toContain(
      `[查看详情](http://localhost/${project.repository}/${project.customer}/${project.project}/latest/)`,
    );
  });

  it('names what a channel lacks or gets wrong, in Chinese', async () => {
    const rule = await newRule();
    const missing = await call('PUT', {
      ruleId: rule._id,
      payload: { channels: [{ kind: 'webhook', url: receivers.url('/hook') }] },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toMatch(/^channels\.0\.secret: /);
    const wrong = await call('PUT', {
      ruleId: rule._id,
      payload: { channels: [{ kind: 'wecom', url: 'ftp://example.com/hook' }] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toContain('应为 http(s) 地址');
  });

  it("refuses a channel that points at the server's own network, saved or tested", async () => {
    const rule = await newRule();
    const local = await call('PUT', {
      ruleId: rule._id,
      payload: { channels: [{ kind: 'webhook', url: 'http://127.0.0.1:8080/hook', secret: 's' }] },
    });
    expect(local.statusCode).toBe(400);
    expect(local.json().msg).toBe('channels.0.url: 不允许访问本机地址 127.0.0.1');
    const smtp = await call('PUT', {
      ruleId: rule._id,
      payload: { channels: [{ ...channels()[0]! }, { ...channels()[1]!, host: '10.1.2.3' }] },
    });
    expect(smtp.statusCode).toBe(400);
    expect(smtp.json().msg).toBe('channels.1.host: 不允许访问内网地址 10.1.2.3');
    expect(await ctx.store.alertChannels.list(project.id, rule._id)).toEqual([]);

    const metadata = await call('POST', {
      test: true,
      payload: { channel: { kind: 'wecom', url: 'http://169.254.169.254/latest/meta-data' } },
    });
    expect(metadata.json()).toEqual({
      success: true,
      data: {
        delivered: false,
        error: '企业微信地址不可用：不允许访问云服务器元数据地址 169.254.169.254',
      },
    });
  });

  it('saves a channel whose host name does not resolve in time, to be checked at each send', async () => {
    const rule = await newRule();
    const saved = await call('PUT', {
      ruleId: rule._id,
      payload: {
        channels: [{ kind: 'webhook', url: 'http://never-answers.example/hook', secret: 's' }],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(await ctx.store.alertChannels.list(project.id, rule._id)).toHaveLength(1);
  });

  it('answers whether a test message got through', async () => {
    receivers.queue({ status: 400 });
    const refused = await call('POST', {
      test: true,
      payload: { channel: { kind: 'wecom', url: receivers.url('/wecom?key=test') } },
    });
    expect(refused.json()).toEqual({
      success: true,
      data: { delivered: false, error: '企业微信返回 HTTP 400' },
    });
  });

  it('says when stored channels were sealed under another key, and takes them typed again', async () => {
    const rule = await newRule();
    const foreign = new SecretBox(randomBytes(32));
    const sealed = foreign.seal(JSON.stringify({ kind: 'wecom', url: receivers.url('/wecom') }));
    const [old] = await ctx.store.alertChannels.replace(project.id, rule._id, [
      { kind: 'wecom', sealed },
    ]);
    const listed = await call('GET', { ruleId: rule._id });
    expect(listed.statusCode).toBe(503);
    expect(listed.json().msg).toMatch(/^通知渠道无法解密：ALERT_SECRET_KEY 与保存渠道时的不同/);

    const kept = await call('PUT', {
      ruleId: rule._id,
      payload: { channels: [{ id: old!.id, kind: 'wecom' }] },
    });
    expect(kept.statusCode).toBe(400);
    expect(kept.json().msg).toMatch(/^channels\.0\.url: /);
    const retyped = await call('PUT', {
      ruleId: rule._id,
      payload: { channels: [{ id: old!.id, kind: 'wecom', url: receivers.url('/wecom?key=new') }] },
    });
    expect(retyped.statusCode).toBe(200);
    expect((retyped.json().data as AlertChannelsAnswer).channels).toEqual([
      { id: old!.id, kind: 'wecom', url: SECRET_MASK },
    ]);
  });

  it("is for the project's admins, and for rules of their project", async () => {
    const rule = await newRule();
    await expectRoleMatrix(roles, (cookie) => call('GET', { ruleId: rule._id, cookie }), {
      admin: 200,
      superAdmin: 200,
    });
    await expectRoleMatrix(
      roles,
      (cookie) => call('PUT', { ruleId: rule._id, cookie, payload: { channels: [] } }),
      { admin: 200, superAdmin: 200 },
    );
    const hook = { kind: 'wecom', url: receivers.url('/wecom?key=roles') };
    await expectRoleMatrix(
      roles,
      (cookie) => call('POST', { test: true, cookie, payload: { channel: hook } }),
      { admin: 200, superAdmin: 200 },
    );
    const elsewhere = await newRule((await buildProject(ctx.store)).id);
    const foreign = await call('GET', { ruleId: elsewhere._id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe('rule_id: 预警规则不存在');
  });
});

describe('/alerts/channels without ALERT_SECRET_KEY', () => {
  it('says which variable to set', async () => {
    const ctx = await openTestApp('pglite');
    try {
      const project = await buildProject(ctx.store);
      const roles = await signInRoles(ctx.app, ctx.store, project);
      const rule = await ctx.store.alertRules.add(
        project.id,
        alertRuleInput.parse({ name: '规则', condition: { kind: 'volume', threshold: 10 } }),
      );
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/alerts/channels',
        query: { ...scopeQuery(project), rule_id: rule._id },
        headers: { cookie: roles.cookies.admin },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().msg).toMatch(/^未配置 ALERT_SECRET_KEY/);
    } finally {
      await ctx.close();
    }
  });
});
