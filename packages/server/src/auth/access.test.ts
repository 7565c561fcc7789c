import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';
import { openTestApp, projectCaller, signIn } from '../../test/app.js';
import { testStoreKinds } from '../../test/stores.js';

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
});
