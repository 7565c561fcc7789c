import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';
import { openTestApp, scopeQuery, signIn } from '../../test/app.js';
import { CROSS_SITE_MESSAGE, NOT_JSON_MESSAGE } from './origin-check.js';

const HOST = 'yq.test:8080';
const OWN_ORIGIN = `http://${HOST}`;

describe('state-changing calls from other sites', () => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let admin: { username: string; password: string };

  beforeAll(async () => {
    ctx = await openTestApp('pglite', { publicUrl: 'https://yq.example.com' });
    project = await buildProject(ctx.store);
    admin = await buildUser(ctx.store, { project, role: 'admin' });
  });
  afterAll(() => ctx.close());

  const signedIn = async () => (await signIn(ctx.app, admin)).cookie;
  /** 200 while the session lasts, 410 once it has been ended. */
  const sessionStatus = async (cookie: string) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user',
        headers: { cookie },
        payload: scopeQuery(project),
      })
    ).statusCode;
  const logout = (cookie: string, headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { host: HOST, cookie, ...headers },
    });

  it.each([
    ['another port of the same host', { origin: 'http://yq.test:8081' }],
    ['another site', { origin: 'https://evil.example' }],
    ['a sandboxed frame', { origin: 'null' }],
    ['a page the browser calls same-site', { 'sec-fetch-site': 'same-site' }],
    ['a page the browser calls cross-site', { 'sec-fetch-site': 'cross-site', origin: OWN_ORIGIN }],
  ])('refuses a call from %s with 403', async (_from, headers) => {
    const cookie = await signedIn();
    const response = await logout(cookie, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, msg: CROSS_SITE_MESSAGE });
    expect(await sessionStatus(cookie)).toBe(200);
  });

  it.each([
    ['this host', { origin: OWN_ORIGIN, 'sec-fetch-site': 'same-origin' }],
    ['the public address', { origin: 'https://yq.example.com' }],
    ['a caller that names no origin (the import command, curl)', {}],
  ])('takes a call from %s', async (_from, headers) => {
    const cookie = await signedIn();
    expect((await logout(cookie, headers)).statusCode).toBe(200);
    expect(await sessionStatus(cookie)).toBe(410);
  });

  it('takes its own origin written with the default port', async () => {
    const cookie = await signedIn();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { host: 'localhost:80', cookie, origin: 'http://localhost:80' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('leaves reading calls alone', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });

  describe('bodies', () => {
    const post = (url: string, headers: Record<string, string>, payload?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        query: scopeQuery(project),
        headers: { host: HOST, origin: OWN_ORIGIN, ...headers },
        ...(payload !== undefined && { payload }),
      });

    it.each([
      ['text/plain', '{"name":"x"}'],
      ['application/x-www-form-urlencoded', 'name=x'],
      [
        'multipart/form-data; boundary=b',
        '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n',
      ],
      ['text/plain', ''],
    ])('refuses a %s body where JSON is taken with 415', async (type, body) => {
      const cookie = await signedIn();
      const response = await post('/project_publish', { cookie, 'content-type': type }, body);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ success: false, msg: NOT_JSON_MESSAGE });
      expect(await ctx.store.dashboards.versions({ projectId: project.id, subjectId: '' })).toEqual(
        [],
      );
    });

    it('refuses a body without a content type', async () => {
      const response = await post('/search', { 'transfer-encoding': 'chunked' }, '{}');
      expect(response.statusCode).toBe(415);
    });

    it('takes JSON, and no body at all', async () => {
      const cookie = await signedIn();
      const json = await post(
        '/user',
        { 'content-type': 'application/json; charset=utf-8' },
        JSON.stringify(scopeQuery(project)),
      );
      expect(json.statusCode).toBe(200);
      expect((await post('/logout', { cookie })).statusCode).toBe(200);
    });

    it('takes a file where the route takes files, from this site only', async () => {
      const cookie = await signedIn();
      const csv = '_id,created,text\nc1,2024-05-01T08:00:00,好\n';
      const own = await post('/posts/import', { cookie, 'content-type': 'text/csv' }, csv);
      expect(own.statusCode).toBe(200);
      expect(own.json().data.imported).toBe(1);
      const boundary = 'b0undary';
      const multipart = [
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="posts.csv"',
        'Content-Type: text/csv',
        '',
        csv,
        `--${boundary}--`,
        '',
      ].join('\r\n');
      const form = await post(
        '/posts/import',
        { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        multipart,
      );
      expect(form.statusCode).toBe(200);
      const foreign = await post(
        '/posts/import',
        { cookie, 'content-type': 'text/csv', origin: 'http://yq.test:8081' },
        csv,
      );
      expect(foreign.statusCode).toBe(403);
    });
  });
});
