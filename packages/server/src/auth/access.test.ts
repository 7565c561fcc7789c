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

  it('checks the project and role once for a page of searches sent at once, the session not again', async () => {
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
      // The session and its user were looked up at sign-in, and are reused for a few seconds.
      expect(lookups.map((lookup) => lookup.mock.calls.length)).toEqual([0, 0, 1, 1]);
    } finally {
      lookups.forEach((lookup) => lookup.mockRestore());
    }
  });

  it('keeps no answer once it is given: a session signed out or a member removed is refused at once', async () => {
    const user = await buildUser(ctx.store, { project, role: 'viewer' });
    const first = await signIn(ctx.app, user, project);
    expect((await call('POST', '/search', first.cookie, { payload: statistics })).statusCode).toBe(
      200,
    );
    await call('POST', '/logout', first.cookie);
    expect((await call('POST', '/search', first.cookie, { payload: statistics })).statusCode).toBe(
      410,
    );

    const second = await signIn(ctx.app, user, project);
    await ctx.store.tenancy.removeMember(user.id, project.id);
    expect((await call('POST', '/search', second.cookie, { payload: statistics })).statusCode).toBe(
      403,
    );
  });
});
