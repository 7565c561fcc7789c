import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CORRECTIONS_API,
  EXPORTS_API,
  AUDIT_ACTIONS,
  AUDIT_LOCAL_CLI_ACTOR,
  TAGS_API,
  ALERTS_API,
  SCHEDULES_API,
  pageQuery,
  type AuditAction,
  type AuditEntry,
} from '@yuqing/core';
import { CLI_TOKEN_HEADER } from '../auth/access.js';
import { md5Hex } from '../auth/tokens.js';
import { demoDashboard } from '../seed/demo-dashboard.js';
import { openTestApp, signIn } from '../../test/app.js';
import { FakeAlertReceivers, RECEIVER_DESTINATIONS } from '../../test/fake-alert-receivers.js';
import {
  buildProject,
  buildUser,
  type BuiltProject,
  type BuiltUser,
} from '../../test/factories.js';
import { dataUrl, templateFile } from '../../test/template-files.js';

/**
 * Every route that changes state writes an audit entry (who, when, what, in which project, from
 * where, and nothing secret), or is exempt here with the reason. The walk calls each route as an
 * authorised user would; a route added without an entry and without an exemption fails the last
 * test, since it is neither walked nor exempt.
 */

const API = '/api/v1';

/** State-changing routes that write no entry, and why. */
const EXEMPT: Record<string, string> = {
  'POST /api/v1/login':
    'signing in: sessions keep their address and time, failures and lockouts their own tables',
  'POST /api/v1/logout': "ends the caller's own session",
  'POST /api/v1/user': 'reads who is signed in',
  'POST /api/v1/search': 'a query: reads posts',
  'POST /api/v1/page_data': "a query: reads a page's widgets",
  'POST /api/v1/ai_report/summary': "the model's summary of numbers the caller may read",
  'POST /api/v1/gpt': 'a model call: changes nothing kept',
  [`POST ${API}${TAGS_API.tagsNew}`]: 'tags a text the caller gives; nothing kept',
  [`POST ${API}${TAGS_API.kg2}`]: 'tags a text the caller gives; nothing kept',
  [`POST ${API}${ALERTS_API.testRule}`]: 'tests a rule over past days; nothing kept',
  [`POST ${API}${ALERTS_API.read}`]: "the caller's own read marks",
  [`POST ${API}${SCHEDULES_API.subscribe}`]: "the caller's own subscription",
  'POST /api/v1/customlay/dashdata':
    'makes a deck of what the caller may read, for them: recorded as download.file when fetched',
  'POST /api/v1/api/r11zt/jdata':
    'makes a brief of what the caller may read, for them: recorded as download.file when fetched',
  [`POST ${API}${EXPORTS_API.pdf}`]:
    'makes a PDF of what the caller may read, for them: recorded as download.file when fetched',
  'POST /api/v1/report/export':
    'makes a file of a report the caller may read: recorded as download.file when fetched',
  [`POST ${API}${CORRECTIONS_API.evaluate}`]:
    'measures the sentiment model on texts the caller gives; nothing kept',
};

/** Reads that are audited: what leaves the product. */
const AUDITED_READS = ['GET /api/v1/download/file', `GET ${API}${CORRECTIONS_API.csv}`];

const isStateChanging = (key: string) => /^(POST|PUT|PATCH|DELETE) \/api\/v1\//.test(key);

/** The address the requests come from, behind a trusted proxy. */
const CLIENT = '203.0.113.7';
const PROXY = '10.0.0.1';
const CLI_TOKEN = 'cli-token-of-the-data-folder-0123456789';
const WECOM_KEY = 'wecom-key-in-the-url';
const NEW_PASSWORD = 'Secret-pass-1234';
const TZ = 'Asia/Shanghai';
const DAY = 86_400_000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

type Who = 'admin' | 'superAdmin' | 'cli';

interface Step {
  /** `METHOD /api/v1/path` as the route is registered. */
  route: string;
  action: AuditAction;
  who: Who;
  send: () => Promise<LightMyRequestResponse>;
  /** The project the entry names; the walk's project unless said. */
  project?: () => string | null;
  /** What else the entry must hold. */
  expect?: (entry: AuditEntry) => void;
}

describe('the audit log records every state-changing route', () => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let receivers: FakeAlertReceivers;
  let project: BuiltProject;
  let users: Record<'admin' | 'superAdmin', BuiltUser>;
  const cookies: Record<Who, string> = { admin: '', superAdmin: '', cli: '' };
  /** Strings no entry may hold. */
  const secrets = [CLI_TOKEN, WECOM_KEY, NEW_PASSWORD, md5Hex(NEW_PASSWORD)];
  /** What earlier steps made, for later ones. */
  const made: Record<string, string> = {};
  const now = Date.now();
  const overview = demoDashboard.pages.overview!;
  const query = { ...pageQuery(overview, now, TZ), start: now - 30 * DAY, end: now + DAY };

  beforeAll(async () => {
    ctx = await openTestApp(
      'pglite',
      { alertSecretKey: randomBytes(32), trustedProxies: [PROXY], cliToken: CLI_TOKEN },
      { alertDestinations: RECEIVER_DESTINATIONS },
    );
    await ctx.app.ready();
    receivers = await FakeAlertReceivers.start();
    project = await buildProject(ctx.store);
    users = {
      admin: await buildUser(ctx.store, { project, role: 'admin' }),
      superAdmin: await buildUser(ctx.store, { superAdmin: true }),
    };
    cookies.admin = (await signIn(ctx.app, users.admin)).cookie;
    cookies.superAdmin = (await signIn(ctx.app, users.superAdmin)).cookie;
  });
  afterAll(async () => {
    await receivers?.close();
    await ctx?.close();
  });

  const scope = () => ({
    repository: project.repository,
    customer: project.customer,
    project: project.project,
  });

  /** A request as `who`, through the trusted proxy from CLIENT. */
  const call =
    (
      who: Who,
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      path: string,
      options: { payload?: object | string; query?: Record<string, string>; type?: string } = {},
    ) =>
    () =>
      ctx.app.inject({
        method,
        url: `${API}${path}`,
        query: options.query ?? scope(),
        remoteAddress: PROXY,
        headers: {
          'x-forwarded-for': CLIENT,
          ...(who === 'cli' ? { [CLI_TOKEN_HEADER]: CLI_TOKEN } : { cookie: cookies[who] }),
          ...(options.type && { 'content-type': options.type }),
        },
        ...(options.payload !== undefined && { payload: options.payload }),
      });

  const data = (response: LightMyRequestResponse) => response.json().data;
  const id = (name: string) => made[name]!;
  const report = (id: string) => ({ id, title: '周报', aggsText: {} });
  const posts = [
    { _id: 'p1', created: now - DAY, title: '星河S9 续航很好', text: '推荐购买' },
    { _id: 'p2', created: now - 2 * DAY, text: '售后太差了', media_platform: 'Weibo' },
  ]
    .map((post) => JSON.stringify(post))
    .join('\n');

  const STEPS: Step[] = [
    // Tenancy administration.
    {
      route: 'POST /api/v1/admin/customers',
      action: 'customer.create',
      who: 'superAdmin',
      send: async () => {
        const code = `audc${Date.now().toString(36)}`;
        const answer = await call('superAdmin', 'POST', '/admin/customers', {
          payload: { code, name: '审计客户' },
        })();
        made.customer = data(answer).id;
        return answer;
      },
      project: () => null,
    },
    {
      route: 'PATCH /api/v1/admin/customers/:id',
      action: 'customer.update',
      who: 'superAdmin',
      send: () =>
        call('superAdmin', 'PATCH', `/admin/customers/${id('customer')}`, {
          payload: { name: '审计客户（改）' },
        })(),
      project: () => null,
    },
    {
      route: 'POST /api/v1/admin/projects',
      action: 'project.create',
      who: 'superAdmin',
      send: async () => {
        const answer = await call('superAdmin', 'POST', '/admin/projects', {
          payload: { customerId: id('customer'), repository: 'yuqing', code: 'p1', name: '新项目' },
        })();
        made.newProject = data(answer).id;
        return answer;
      },
      project: () => id('newProject'),
    },
    {
      route: 'PATCH /api/v1/admin/projects/:id',
      action: 'project.update',
      who: 'superAdmin',
      send: () =>
        call('superAdmin', 'PATCH', `/admin/projects/${id('newProject')}`, {
          payload: { disabled: true },
        })(),
      project: () => id('newProject'),
    },
    {
      route: 'POST /api/v1/admin/users',
      action: 'user.create',
      who: 'superAdmin',
      send: async () => {
        const answer = await call('superAdmin', 'POST', '/admin/users', {
          payload: {
            username: `aud${Date.now().toString(36)}`,
            nickname: '审计用户',
            password: NEW_PASSWORD,
          },
        })();
        made.user = data(answer).id;
        return answer;
      },
      project: () => null,
    },
    {
      route: 'PATCH /api/v1/admin/users/:id',
      action: 'user.update',
      who: 'superAdmin',
      send: () =>
        call('superAdmin', 'PATCH', `/admin/users/${id('user')}`, {
          payload: { password: NEW_PASSWORD },
        })(),
      project: () => null,
      expect: (entry) => expect(entry.details).toEqual({ password: 'reset' }),
    },
    {
      route: 'PUT /api/v1/admin/users/:id/projects/:projectId',
      action: 'membership.set',
      who: 'superAdmin',
      send: () =>
        call('superAdmin', 'PUT', `/admin/users/${id('user')}/projects/${project.id}`, {
          payload: { role: 'viewer' },
        })(),
    },
    {
      route: 'DELETE /api/v1/admin/users/:id/projects/:projectId',
      action: 'membership.remove',
      who: 'superAdmin',
      send: () =>
        call('superAdmin', 'DELETE', `/admin/users/${id('user')}/projects/${project.id}`)(),
    },

    // System configuration (super admins).
    {
      route: 'POST /api/v1/project_sys',
      action: 'project.settings',
      who: 'superAdmin',
      send: async () => {
        const { settings } = data(await call('superAdmin', 'GET', '/project_sys')());
        return call('superAdmin', 'POST', '/project_sys', {
          payload: { ...settings, icp: '京ICP备00000000号' },
        })();
      },
      expect: (entry) => expect(entry.details).toEqual({ changed: ['icp'] }),
    },
    {
      route: 'POST /api/v1/project_sys/member',
      action: 'membership.set',
      who: 'superAdmin',
      send: () =>
        call('superAdmin', 'POST', '/project_sys/member', {
          payload: {
            action: 'add',
            username: `audm${Date.now().toString(36)}`,
            nickname: '新成员',
            role: 'viewer',
            password: NEW_PASSWORD,
          },
        })(),
    },

    // Manage mode.
    {
      route: 'POST /api/v1/project',
      action: 'dashboard.save',
      who: 'admin',
      send: () =>
        call('admin', 'POST', '/project', { payload: { ...demoDashboard, revision: 0 } })(),
    },
    {
      route: 'POST /api/v1/project_publish',
      action: 'dashboard.publish',
      who: 'admin',
      send: () => call('admin', 'POST', '/project_publish')(),
      expect: (entry) => expect(entry.details).toEqual({ version: 1 }),
    },
    {
      route: 'POST /api/v1/project_rollback',
      action: 'dashboard.rollback',
      who: 'admin',
      send: () => call('admin', 'POST', '/project_rollback', { payload: { version: 1 } })(),
      expect: (entry) => expect(entry.details).toEqual({ restored: 1, version: 2 }),
    },
    {
      route: 'POST /api/v1/project_template',
      action: 'page_template.save',
      who: 'admin',
      send: () =>
        call('admin', 'POST', '/project_template', {
          payload: { name: '审计模板', template: demoDashboard },
        })(),
    },
    {
      route: 'DELETE /api/v1/project_template',
      action: 'page_template.delete',
      who: 'admin',
      send: () =>
        call('admin', 'DELETE', '/project_template', {
          query: { ...scope(), name: '审计模板' },
        })(),
    },
    {
      route: 'POST /api/v1/project_copy',
      action: 'project.create',
      who: 'admin',
      send: () =>
        call('admin', 'POST', '/project_copy', {
          payload: { project: `copy${Date.now().toString(36)}`, name: '副本' },
        })(),
      expect: (entry) =>
        expect(entry.details.source).toMatchObject({ kind: 'copy', projectId: project.id }),
    },
    {
      route: 'POST /api/v1/project_data',
      action: 'project_data.save',
      who: 'admin',
      send: () =>
        call('admin', 'POST', '/project_data', {
          payload: { name: '品牌', kind: 'list', items: [{ label: '星河', value: 'xinghe' }] },
        })(),
    },
    {
      route: 'DELETE /api/v1/project_data',
      action: 'project_data.delete',
      who: 'admin',
      send: () =>
        call('admin', 'DELETE', '/project_data', { query: { ...scope(), name: '品牌' } })(),
    },

    // Posts, tagging and prompts.
    {
      route: 'POST /api/v1/posts/import',
      action: 'posts.import',
      who: 'admin',
      send: () =>
        call('admin', 'POST', '/posts/import', {
          payload: posts,
          type: 'application/x-ndjson',
        })(),
      expect: (entry) =>
        expect(entry.details).toMatchObject({ format: 'ndjson', imported: 2, rejected: 0 }),
    },
    {
      route: 'POST /api/v1/posts/import',
      action: 'posts.import',
      who: 'cli',
      send: () =>
        call('cli', 'POST', '/posts/import', { payload: posts, type: 'application/x-ndjson' })(),
      expect: (entry) => expect(entry.details).toMatchObject({ imported: 0, replaced: 2 }),
    },
    {
      route: `PUT ${API}${TAGS_API.rules}`,
      action: 'tagging_rules.replace',
      who: 'admin',
      send: () =>
        call('admin', 'PUT', TAGS_API.rules, {
          payload: { negations: ['不'], brands: [], products: [] },
        })(),
      expect: (entry) => expect(entry.details.rules).toMatchObject({ negations: 1 }),
    },
    {
      route: `PUT ${API}${TAGS_API.rulesCsv}`,
      action: 'tagging_rules.import',
      who: 'admin',
      send: () =>
        call('admin', 'PUT', TAGS_API.rulesCsv, { payload: { csv: 'kind,name\nnegation,没' } })(),
    },
    {
      route: `PUT ${API}${TAGS_API.reloadRules}`,
      action: 'tagging_rules.reload',
      who: 'admin',
      send: () => call('admin', 'PUT', TAGS_API.reloadRules)(),
    },
    {
      route: `POST ${API}${TAGS_API.retag}`,
      action: 'retag.start',
      who: 'admin',
      send: () => call('admin', 'POST', TAGS_API.retag)(),
    },
    {
      route: 'POST /api/v1/project_prompt',
      action: 'prompt.create',
      who: 'admin',
      send: async () => {
        const answer = await call('admin', 'POST', '/project_prompt', {
          payload: {
            name: '摘要',
            type_name: '分析',
            prompt: [{ role: 'user', content: '概括：{{text}}' }],
          },
        })();
        made.prompt = data(answer)._id;
        return answer;
      },
    },
    {
      route: 'PUT /api/v1/project_prompt',
      action: 'prompt.update',
      who: 'admin',
      send: () =>
        call('admin', 'PUT', '/project_prompt', {
          payload: {
            _id: id('prompt'),
            name: '摘要',
            type_name: '分析',
            prompt: [{ role: 'user', content: '用一句话概括：{{text}}' }],
          },
        })(),
      expect: (entry) => expect(entry.details).toEqual({ changed: ['prompt'] }),
    },
    {
      route: 'DELETE /api/v1/project_prompt',
      action: 'prompt.delete',
      who: 'admin',
      send: () =>
        call('admin', 'DELETE', '/project_prompt', { query: { ...scope(), _id: id('prompt') } })(),
    },

    // Corrections of the imported posts.
    {
      route: `POST ${API}${CORRECTIONS_API.correct}`,
      action: 'post.correct_sentiment',
      who: 'admin',
      send: () =>
        call('admin', 'POST', CORRECTIONS_API.correct, {
          payload: { _id: 'p1', field: 'sentiment', value: '负面' },
        })(),
      expect: (entry) => expect(entry.details).toMatchObject({ tendency: { to: '负面' } }),
    },
    {
      route: `POST ${API}${CORRECTIONS_API.correct}`,
      action: 'post.clear_duplicate',
      who: 'admin',
      send: () =>
        call('admin', 'POST', CORRECTIONS_API.correct, {
          payload: { _id: 'p2', field: 'duplicate' },
        })(),
    },
    {
      route: `GET ${API}${CORRECTIONS_API.csv}`,
      action: 'corrections.export',
      who: 'admin',
      send: () => call('admin', 'GET', CORRECTIONS_API.csv)(),
    },

    // Early warning.
    {
      route: `POST ${API}${ALERTS_API.rules}`,
      action: 'alert_rule.create',
      who: 'admin',
      send: async () => {
        const answer = await call('admin', 'POST', ALERTS_API.rules, {
          payload: { name: '负面声量', condition: { kind: 'volume', threshold: 10 } },
        })();
        made.rule = data(answer)._id;
        return answer;
      },
    },
    {
      route: `PUT ${API}${ALERTS_API.rules}`,
      action: 'alert_rule.update',
      who: 'admin',
      send: () =>
        call('admin', 'PUT', ALERTS_API.rules, {
          payload: {
            _id: id('rule'),
            name: '负面声量过高',
            condition: { kind: 'volume', threshold: 20 },
          },
        })(),
      expect: (entry) =>
        expect(entry.details).toEqual({
          name: { from: '负面声量', to: '负面声量过高' },
          changed: ['name', 'condition'],
        }),
    },
    {
      route: `POST ${API}${ALERTS_API.enableRule}`,
      action: 'alert_rule.disable',
      who: 'admin',
      send: () =>
        call('admin', 'POST', ALERTS_API.enableRule, {
          payload: { _id: id('rule'), enabled: false },
        })(),
    },
    {
      route: `POST ${API}${ALERTS_API.enableRule}`,
      action: 'alert_rule.enable',
      who: 'admin',
      send: () =>
        call('admin', 'POST', ALERTS_API.enableRule, {
          payload: { _id: id('rule'), enabled: true },
        })(),
    },
    {
      route: 'PUT /api/v1/alerts/channels',
      action: 'alert_channel.replace',
      who: 'admin',
      send: () =>
        call('admin', 'PUT', '/alerts/channels', {
          query: { ...scope(), rule_id: id('rule') },
          payload: { channels: [{ kind: 'wecom', url: receivers.url(`/wecom?key=${WECOM_KEY}`) }] },
        })(),
      expect: (entry) =>
        expect(entry.details).toEqual({ channels: [{ id: expect.any(String), kind: 'wecom' }] }),
    },
    {
      route: 'POST /api/v1/alerts/channels/test',
      action: 'alert_channel.test',
      who: 'admin',
      send: () =>
        call('admin', 'POST', '/alerts/channels/test', {
          payload: { channel: { kind: 'wecom', url: receivers.url(`/wecom?key=${WECOM_KEY}`) } },
        })(),
      expect: (entry) => expect(entry.details).toEqual({ kind: 'wecom', delivered: true }),
    },
    // Scheduled reports.
    {
      route: `POST ${API}${SCHEDULES_API.schedules}`,
      action: 'schedule.create',
      who: 'admin',
      send: async () => {
        const answer = await call('admin', 'POST', SCHEDULES_API.schedules, {
          payload: { name: '品牌日报', page: 'overview', frequency: 'daily' },
        })();
        made.schedule = data(answer)._id;
        return answer;
      },
    },
    {
      route: `PUT ${API}${SCHEDULES_API.schedules}`,
      action: 'schedule.update',
      who: 'admin',
      send: () =>
        call('admin', 'PUT', SCHEDULES_API.schedules, {
          query: { ...scope(), id: id('schedule') },
          payload: { name: '品牌周报', page: 'overview', frequency: 'weekly' },
        })(),
      expect: (entry) => expect(entry.targetName).toBe('品牌周报'),
    },
    {
      route: `POST ${API}${SCHEDULES_API.send}`,
      action: 'schedule.send',
      who: 'admin',
      send: () =>
        call('admin', 'POST', SCHEDULES_API.send, { query: { ...scope(), id: id('schedule') } })(),
      expect: (entry) => expect(entry.details).toEqual({ run: expect.any(String) }),
    },
    {
      route: `DELETE ${API}${SCHEDULES_API.schedules}`,
      action: 'schedule.delete',
      who: 'admin',
      send: () =>
        call('admin', 'DELETE', SCHEDULES_API.schedules, {
          query: { ...scope(), id: id('schedule') },
        })(),
    },
    {
      route: `DELETE ${API}${ALERTS_API.rules}`,
      action: 'alert_rule.delete',
      who: 'admin',
      send: () =>
        call('admin', 'DELETE', ALERTS_API.rules, { query: { ...scope(), _id: id('rule') } })(),
    },

    // Export templates, exports and downloads.
    ...(['customlay', 'api/r11zt'] as const).flatMap((prefix): Step[] => {
      const kind = prefix === 'customlay' ? 'pptx' : 'docx';
      const route = `${API}/${prefix}/tmpls/:repository/:customer/:project`;
      const at = () =>
        `/${prefix}/tmpls/${project.repository}/${project.customer}/${project.project}`;
      return [
        {
          route: `POST ${route}`,
          action: 'export_template.upload',
          who: 'admin',
          send: async () => {
            const file = await templateFile(kind, { colors: ['C00000'] });
            const answer = await call('admin', 'POST', at(), {
              query: {},
              payload: { name: `${kind} 模板`, data: dataUrl(file) },
            })();
            made[kind] = data(answer).id;
            return answer;
          },
          expect: (entry) => expect(entry.details).toMatchObject({ kind }),
        },
        {
          route: `DELETE ${route}`,
          action: 'export_template.delete',
          who: 'admin',
          send: () => call('admin', 'DELETE', at(), { query: { id: id(kind) } })(),
          expect: (entry) => expect(entry.targetName).toBe(`${kind} 模板`),
        },
      ];
    }),
    {
      route: 'POST /api/v1/download/addJob',
      action: 'export.posts',
      who: 'admin',
      send: () =>
        call('admin', 'POST', '/download/addJob', {
          payload: { page: 'information', query, now },
        })(),
      expect: (entry) =>
        expect(entry.details).toMatchObject({
          format: 'xlsx',
          page: 'information',
          offline: false,
        }),
    },
    {
      route: 'GET /api/v1/download/file',
      action: 'download.file',
      who: 'admin',
      send: async () => {
        const deck = await call('admin', 'POST', '/customlay/dashdata', {
          payload: { page: 'overview', query, now },
        })();
        expect(deck.statusCode, deck.body).toBe(200);
        const url = new URL(data(deck).downloadUrl, 'http://localhost');
        made.file = url.searchParams.get('id')!;
        return call('admin', 'GET', '/download/file', {
          query: Object.fromEntries(url.searchParams),
        })();
      },
      expect: (entry) => {
        expect(entry.targetId).toBe(id('file'));
        expect(entry.details).toMatchObject({ format: 'pptx', offline: false });
      },
    },
    {
      route: 'POST /api/v1/download/removeJob',
      action: 'download.remove',
      who: 'admin',
      send: () => call('admin', 'POST', '/download/removeJob', { payload: { id: id('file') } })(),
    },

    // Reports.
    {
      route: 'POST /api/v1/report',
      action: 'report.create',
      who: 'admin',
      send: async () => {
        const answer = await call('admin', 'POST', '/report', {
          payload: { title: '周报', page: 'overview', query, now },
        })();
        made.report = data(answer).id;
        return answer;
      },
    },
    {
      route: 'POST /api/v1/report',
      action: 'report.update',
      who: 'admin',
      send: () => call('admin', 'POST', '/report', { payload: report(id('report')) })(),
    },
    {
      route: 'POST /api/v1/report/publish',
      action: 'report.publish',
      who: 'admin',
      send: () =>
        call('admin', 'POST', '/report/publish', {
          payload: { id: id('report'), published: true },
        })(),
    },
    {
      route: 'POST /api/v1/report/share',
      action: 'report_share.create',
      who: 'admin',
      send: async () => {
        const answer = await call('admin', 'POST', '/report/share', {
          payload: { id: id('report'), days: 7 },
        })();
        made.share = data(answer).id;
        // The link's token opens the report without an account: it is a secret.
        secrets.push(new URL(data(answer).url).pathname.split('/').pop()!);
        return answer;
      },
      expect: (entry) => expect(entry.details).toMatchObject({ reportId: id('report'), days: 7 }),
    },
    {
      route: 'POST /api/v1/report/share/revoke',
      action: 'report_share.revoke',
      who: 'admin',
      send: () => call('admin', 'POST', '/report/share/revoke', { payload: { id: id('share') } })(),
    },
    {
      route: 'POST /api/v1/report/publish',
      action: 'report.unpublish',
      who: 'admin',
      send: () =>
        call('admin', 'POST', '/report/publish', {
          payload: { id: id('report'), published: false },
        })(),
    },
    {
      route: 'POST /api/v1/report/imgs',
      action: 'report_image.upload',
      who: 'admin',
      send: async () => {
        const answer = await call('admin', 'POST', '/report/imgs', {
          payload: { name: 'logo.png', data: `data:image/png;base64,${PNG.toString('base64')}` },
        })();
        made.image = data(answer).id;
        return answer;
      },
    },
    {
      route: 'POST /api/v1/report/delimgs',
      action: 'report_image.delete',
      who: 'admin',
      send: () => call('admin', 'POST', '/report/delimgs', { payload: { ids: [id('image')] } })(),
      expect: (entry) => expect(entry.targetName).toBe('logo.png'),
    },
    {
      route: 'POST /api/v1/report/theme',
      action: 'report_theme.save',
      who: 'admin',
      send: async () => {
        const answer = await call('admin', 'POST', '/report/theme', {
          payload: { name: '审计主题', theme: { bgColor: '#FFFFFF' } },
        })();
        made.theme = data(answer).id;
        return answer;
      },
    },
    {
      route: 'DELETE /api/v1/report/theme',
      action: 'report_theme.delete',
      who: 'admin',
      send: () =>
        call('admin', 'DELETE', '/report/theme', { query: { ...scope(), id: id('theme') } })(),
      expect: (entry) => expect(entry.targetName).toBe('审计主题'),
    },
    {
      route: 'POST /api/v1/report/remove',
      action: 'report.delete',
      who: 'admin',
      send: () => call('admin', 'POST', '/report/remove', { payload: { id: id('report') } })(),
    },
  ];

  /** The entries written since the last look, oldest first, read as super admins read them. */
  let seen = 0;
  const newEntries = async (): Promise<AuditEntry[]> => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: `${API}/admin/audit`,
      query: { size: '200' },
      headers: { cookie: cookies.superAdmin },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const items = (data(answer).items as AuditEntry[]).filter((entry) => Number(entry.id) > seen);
    seen = Math.max(seen, ...items.map((entry) => Number(entry.id)));
    return items.reverse();
  };

  for (const step of STEPS) {
    it(`${step.route} as ${step.who}: ${step.action}`, async () => {
      await newEntries();
      const answer = await step.send();
      expect(answer.statusCode, answer.body).toBe(200);
      const entries = await newEntries();
      const entry = entries.find((each) => each.action === step.action);
      expect(entry, `no ${step.action} among ${entries.map((each) => each.action)}`).toBeDefined();
      const actor = step.who === 'cli' ? undefined : users[step.who];
      expect(entry).toMatchObject({
        actorId: actor?.id ?? null,
        actorName: actor?.username ?? AUDIT_LOCAL_CLI_ACTOR,
        address: CLIENT,
        projectId: step.project ? step.project() : project.id,
      });
      expect(Date.now() - Date.parse(entry!.at)).toBeLessThan(60_000);
      expect(entry!.targetId).toBeTypeOf('string');
      expect(entry!.targetName).not.toBe('');
      step.expect?.(entry!);
      const written = JSON.stringify(entries);
      for (const secret of secrets) expect(written).not.toContain(secret);
    });
  }

  it('walks every route that changes state, or names why it writes no entry', () => {
    const routes = [...ctx.app.routeAccess.keys()];
    const walked = new Set(STEPS.map((step) => step.route));
    const missing = routes
      .filter((key) => isStateChanging(key) || AUDITED_READS.includes(key))
      .filter((key) => !walked.has(key) && !(key in EXEMPT));
    expect(missing, 'routes that write no audit entry and are not exempt').toEqual([]);
    // Exemptions and walked routes name routes that exist; none is both.
    for (const key of [...walked, ...Object.keys(EXEMPT)]) expect(routes).toContain(key);
    for (const key of walked) expect(EXEMPT).not.toHaveProperty(key);
  });

  it('walks every action', () => {
    const walked = new Set(STEPS.map((step) => step.action));
    expect(AUDIT_ACTIONS.filter((action) => !walked.has(action))).toEqual([]);
  });

  it('takes the address from the socket when the hop is not a trusted proxy', async () => {
    await newEntries();
    const answer = await ctx.app.inject({
      method: 'PUT',
      url: `${API}${TAGS_API.reloadRules}`,
      query: scope(),
      remoteAddress: '198.51.100.2',
      headers: { cookie: cookies.admin, 'x-forwarded-for': CLIENT },
    });
    expect(answer.statusCode).toBe(200);
    const [entry] = await newEntries();
    expect(entry).toMatchObject({ action: 'tagging_rules.reload', address: '198.51.100.2' });
  });

  it('writes no entry for a refused request', async () => {
    await newEntries();
    const refused = await call('admin', 'DELETE', '/project_data', {
      query: { ...scope(), name: '不存在' },
    })();
    expect(refused.statusCode).toBe(404);
    expect(await newEntries()).toEqual([]);
  });
});
