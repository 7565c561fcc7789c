import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LOCAL_CLI_ACTOR } from '@yuqing/core';
import { openTestApp } from '../../test/app.js';
import { buildProject, type BuiltProject } from '../../test/factories.js';
import { expectRoleMatrix, signInRoles, withCookie, type RoleFixture } from '../../test/roles.js';
import { testStoreKinds } from '../../test/stores.js';

describe.each(testStoreKinds())('the audit log route on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let roles: RoleFixture;
  let project: BuiltProject;

  beforeAll(async () => {
    ctx = await openTestApp(kind);
    project = await buildProject(ctx.store);
    roles = await signInRoles(ctx.app, ctx.store, project);
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
        address: '203.0.113.7',
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
        projectId: null,
        projectName: null,
        address: '203.0.113.7',
        details: { code: 'b' },
      },
    ]);
    expect((await audit('?size=1000')).statusCode).toBe(400);
  });

  it("keeps an entry's project, and the import command as an actor without an account", async () => {
    await ctx.store.auditLog.record({
      actor: null,
      action: 'posts.import',
      target: { type: 'project', id: project.id, name: '/yuqing/x/y/latest/' },
      project: { id: project.id, name: '/yuqing/x/y/latest/' },
      details: { imported: 3 },
    });
    const [entry] = (await audit('?size=1')).json().data.items;
    expect(entry).toMatchObject({
      actorId: null,
      actorName: AUDIT_LOCAL_CLI_ACTOR,
      action: 'posts.import',
      projectId: project.id,
      projectName: '/yuqing/x/y/latest/',
      address: null,
      details: { imported: 3 },
    });
  });
});
