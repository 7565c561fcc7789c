import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';
import { openTestApp, projectCaller, scopeQuery, signIn } from '../../test/app.js';
import { testStoreKinds } from '../../test/stores.js';
import type { Store } from '../store/index.js';
import { Access } from './access.js';

/** Spies on a store method that still does its work, 50 ms later. */
function slowed(target: object, method: string) {
  const owner = target as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const real = owner[method]!.bind(target);
  return vi.spyOn(owner, method).mockImplementation(async (...args: unknown[]) => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return real(...args);
  });
}

describe.each(testStoreKinds())('access checks on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let call: ReturnType<typeof projectCaller>;

  beforeAll(async () => {
    ctx = await openTestApp(kind);
    project = await buildProject(ctx.store);
    call = projectCaller(ctx.app, project);
  });
  afterAll(() => ctx.close());

  const statistics = { aggs: 'common_statistics' };

  it('checks the project once for a page of searches sent at once, the session and role not again', async () => {
    const user = await buildUser(ctx.store, { project, role: 'viewer' });
    const { cookie } = await signIn(ctx.app, user, project);
    // Each lookup takes a while, as on a busy store, so that the four requests meet in it.
    const lookups = [
      slowed(ctx.store.sessions, 'findByTokenHash'),
      slowed(ctx.store.users, 'findById'),
      slowed(ctx.store.tenancy, 'findProject'),
      slowed(ctx.store.tenancy, 'findRole'),
    ];
    try {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => call('POST', '/search', cookie, { payload: statistics })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      // The session, its user and the role were looked up at sign-in, and are reused for a few
      // seconds.
      expect(lookups.map((lookup) => lookup.mock.calls.length)).toEqual([0, 0, 1, 0]);
    } finally {
      lookups.forEach((lookup) => lookup.mockRestore());
    }
  });

  it('keeps no answer past a change: a session signed out, a member removed or a project disabled is refused at once', async () => {
    const user = await buildUser(ctx.store, { project, role: 'viewer' });
    const first = await signIn(ctx.app, user, project);
    expect((await call('POST', '/search', first.cookie, { payload: statistics })).statusCode).toBe(
      200,
    );
    await call('POST', '/logout', first.cookie);
    expect((await call('POST', '/search', first.cookie, { payload: statistics })).statusCode).toBe(
      410,
    );

    const admin = await buildUser(ctx.store, { superAdmin: true });
    const { cookie: super_ } = await signIn(ctx.app, admin, project);
    const second = await signIn(ctx.app, user, project);
    expect((await call('POST', '/search', second.cookie, { payload: statistics })).statusCode).toBe(
      200,
    );
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/users/${user.id}/projects/${project.id}`,
      headers: { cookie: super_ },
    });
    expect(removed.statusCode).toBe(200);
    expect((await call('POST', '/search', second.cookie, { payload: statistics })).statusCode).toBe(
      403,
    );

    const other = await buildUser(ctx.store, { project, role: 'viewer' });
    const third = await signIn(ctx.app, other, project);
    expect((await call('POST', '/search', third.cookie, { payload: statistics })).statusCode).toBe(
      200,
    );
    const disabled = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/projects/${project.id}`,
      headers: { cookie: super_ },
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    expect((await call('POST', '/search', third.cookie, { payload: statistics })).json().msg).toBe(
      '项目已停用',
    );
  });

  it('keeps no look-up that a change overtook: a role read before a removal is not reused after it', async () => {
    // A project of its own: the test before disabled the shared one.
    const own = await buildProject(ctx.store);
    const call = projectCaller(ctx.app, own);
    const user = await buildUser(ctx.store, { project: own, role: 'viewer' });
    const admin = await buildUser(ctx.store, { superAdmin: true });
    const { cookie: super_ } = await signIn(ctx.app, admin, own);
    const { cookie } = await signIn(ctx.app, user, own);
    const other = await buildUser(ctx.store);
    // Any change ends the cached look-ups, the role read at sign-in among them.
    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/users/${other.id}`,
      headers: { cookie: super_ },
      payload: { nickname: '改名' },
    });
    expect(renamed.statusCode).toBe(200);

    // The next role look-up reads the membership, then is held until the removal is done.
    const findRole = ctx.store.tenancy.findRole.bind(ctx.store.tenancy);
    let read!: () => void;
    const roleRead = new Promise<void>((resolve) => (read = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const lookup = vi
      .spyOn(ctx.store.tenancy, 'findRole')
      .mockImplementationOnce(async (...args) => {
        const role = await findRole(...args);
        read();
        await held;
        return role;
      });
    try {
      const before = call('POST', '/search', cookie, { payload: statistics });
      await roleRead;
      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/admin/users/${user.id}/projects/${own.id}`,
        headers: { cookie: super_ },
      });
      expect(removed.statusCode).toBe(200);
      release();
      expect((await before).statusCode).toBe(200);
      expect((await call('POST', '/search', cookie, { payload: statistics })).statusCode).toBe(403);
    } finally {
      lookup.mockRestore();
    }
  });
});

/** The store's writes that change who may do what: sessions, accounts, memberships, projects. */
const ACCESS_WRITES: { [R in keyof Store]?: (keyof Store[R])[] } = {
  sessions: ['revoke', 'revokeAllOfUser'],
  users: ['create', 'createUnlessTaken', 'setDisabled', 'setPasswordHash'],
  tenancy: ['createCustomer', 'createProject', 'updateProfile', 'setRole', 'removeMember'],
  adminUsers: ['create', 'update'],
  adminTenancy: ['createCustomer', 'updateCustomer', 'createProject', 'updateProject'],
  projectCopy: ['copy'],
};

describe('every change to who may do what ends the cached access look-ups', () => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let cookies: { admin: string; superAdmin: string; viewer: string };
  let writes: MockInstance[];
  let forget: MockInstance;

  beforeAll(async () => {
    ctx = await openTestApp('pglite');
    project = await buildProject(ctx.store);
    const users = {
      admin: await buildUser(ctx.store, { project, role: 'admin' }),
      superAdmin: await buildUser(ctx.store, { superAdmin: true }),
      viewer: await buildUser(ctx.store, { project, role: 'viewer' }),
    };
    cookies = {
      admin: (await signIn(ctx.app, users.admin)).cookie,
      superAdmin: (await signIn(ctx.app, users.superAdmin)).cookie,
      viewer: (await signIn(ctx.app, users.viewer)).cookie,
    };
    writes = Object.entries(ACCESS_WRITES).flatMap(([repo, methods]) =>
      methods.map((method) => vi.spyOn(ctx.store[repo as keyof Store] as never, method as never)),
    );
    forget = vi.spyOn(Access.prototype, 'forgetAccess');
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await ctx?.close();
  });

  const made: Record<string, string> = {};
  const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}`;
  const send = (
    who: keyof typeof cookies,
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1${path}`,
      query: scopeQuery(project),
      headers: { cookie: cookies[who] },
      ...(payload && { payload }),
    });
  const remember = (name: string) => (response: LightMyRequestResponse) => {
    made[name] = response.json().data.id;
    return response;
  };

  const CHANGES: [string, () => Promise<LightMyRequestResponse>][] = [
    [
      'a customer created',
      () =>
        send('superAdmin', 'POST', '/admin/customers', { code: unique('c'), name: '客户' }).then(
          remember('customer'),
        ),
    ],
    [
      'a customer renamed',
      () => send('superAdmin', 'PATCH', `/admin/customers/${made.customer}`, { name: '改名' }),
    ],
    [
      'a project created',
      () =>
        send('superAdmin', 'POST', '/admin/projects', {
          customerId: made.customer,
          repository: 'yuqing',
          code: 'p1',
          name: '项目',
        }).then(remember('project')),
    ],
    [
      'a project disabled',
      () => send('superAdmin', 'PATCH', `/admin/projects/${made.project}`, { disabled: true }),
    ],
    [
      'a project copied',
      () => send('admin', 'POST', '/project_copy', { project: unique('copy'), name: '副本' }),
    ],
    [
      'an account created',
      () =>
        send('superAdmin', 'POST', '/admin/users', {
          username: unique('u'),
          nickname: '用户',
          password: 'Secret-pass-1234',
        }).then(remember('user')),
    ],
    [
      'an account disabled',
      () => send('superAdmin', 'PATCH', `/admin/users/${made.user}`, { disabled: true }),
    ],
    [
      'a membership set',
      () =>
        send('superAdmin', 'PUT', `/admin/users/${made.user}/projects/${project.id}`, {
          role: 'viewer',
        }),
    ],
    [
      'a membership removed',
      () => send('superAdmin', 'DELETE', `/admin/users/${made.user}/projects/${project.id}`),
    ],
    [
      "a project's settings saved",
      async () => {
        const system = await ctx.app.inject({
          url: '/api/v1/project_sys',
          query: scopeQuery(project),
          headers: { cookie: cookies.superAdmin },
        });
        const { settings } = system.json().data;
        return send('superAdmin', 'POST', '/project_sys', { ...settings, icp: '京ICP备1号' });
      },
    ],
    [
      'a member added in the project',
      () =>
        send('superAdmin', 'POST', '/project_sys/member', {
          action: 'add',
          username: unique('m'),
          nickname: '成员',
          role: 'viewer',
          password: 'Secret-pass-1234',
        }),
    ],
    ['a sign-out', () => send('viewer', 'POST', '/logout')],
  ];

  it.each(CHANGES)('%s', async (_name, change) => {
    for (const spy of [...writes, forget]) spy.mockClear();
    const response = await change();
    expect(response.statusCode, response.body).toBe(200);
    const written = writes.flatMap((spy) => spy.mock.invocationCallOrder);
    expect(written.length).toBeGreaterThan(0);
    // Forgotten after the last write, so no look-up in between keeps what it changed.
    expect(Math.max(...forget.mock.invocationCallOrder)).toBeGreaterThan(Math.max(...written));
  });
});
