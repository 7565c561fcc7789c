import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../testing/app.js';
import { buildProject } from '../testing/factories.js';
import { expectRoleMatrix, signInRoles, withCookie, type RoleFixture } from '../testing/roles.js';
import { testStoreKinds } from '../testing/stores.js';

describe.each(testStoreKinds())('the audit log route on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let roles: RoleFixture;

  beforeAll(async () => {
    ctx = await openTestApp(kind);
    roles = await signInRoles(ctx.app, ctx.store, await buildProject(ctx.store));
  });
  afterAll(() => ctx.close());

  const audit = (query: string, cookie = roles.cookies.superAdmin) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/audit${query}`,
      headers: withCookie(cookie),
    });

  it('is for super admins only', async () => {
    await expectRoleMatrix(roles, (cookie) => audit('', cookie), { admin: 403, superAdmin: 200 });
  });

  it('pages the entries newest first', async () => {
    const actor = await ctx.store.users.findById(roles.users.superAdmin.id);
    for (const code of ['a', 'b', 'c']) {
      await ctx.store.auditLog.record({
        actor: actor!,
        action: 'customer.create',
        target: { type: 'customer', id: code, name: code },
        details: { code },
      });
    }
    const page = (await audit('?page=2&size=1')).json().data;
    expect(page.total).toBe(3);
    expect(page.items).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        actorId: actor!.id,
        actorName: actor!.username,
        action: 'customer.create',
        targetType: 'customer',
        targetId: 'b',
        targetName: 'b',
        details: { code: 'b' },
      },
    ]);
    expect((await audit('?size=1000')).statusCode).toBe(400);
  });
});
