import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDataItem } from '@yuqing/core';
import { openTestApp, scopeQuery } from '../../test/app.js';
import { buildProject, type BuiltProject } from '../../test/factories.js';
import { expectRoleMatrix, signInRoles, withCookie, type RoleFixture } from '../../test/roles.js';
import { testStoreKinds } from '../../test/stores.js';

const media: ProjectDataItem = {
  name: '重点媒体',
  kind: 'list',
  items: [
    { value: '华夏日报', label: '华夏日报' },
    { value: '星河晚报', label: '星河晚报' },
  ],
};
const regions: ProjectDataItem = {
  name: '区域',
  kind: 'tree',
  items: [
    {
      value: '/华东',
      label: '华东',
      children: [
        { value: '/华东/上海', label: '上海' },
        { value: '/华东/江苏', label: '江苏' },
      ],
    },
    { value: '/华南', label: '华南', children: [{ value: '/华东/上海', label: '上海' }] },
  ],
};

describe.each(testStoreKinds())('project data writes on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let roles: RoleFixture;

  beforeAll(async () => {
    ctx = await openTestApp(kind);
    project = await buildProject(ctx.store);
    roles = await signInRoles(ctx.app, ctx.store, project);
  });
  afterAll(() => ctx.close());

  const save = (payload: object, cookie = roles.cookies.admin) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/project_data',
      query: scopeQuery(project),
      headers: withCookie(cookie),
      payload,
    });
  const remove = (name: string, cookie = roles.cookies.admin) =>
    ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/project_data',
      query: { ...scopeQuery(project), name },
      headers: withCookie(cookie),
    });
  const read = async (name: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/v1/project_data_item',
      query: { ...scopeQuery(project), name },
      headers: withCookie(roles.cookies.viewer),
    });

  it('saves lists and trees that members then read, replacing by name', async () => {
    expect((await save(media)).json()).toEqual({ success: true, data: null });
    // A value may repeat in different levels of a tree, never among siblings.
    expect((await save(regions)).statusCode).toBe(200);
    expect((await read('区域')).json().data).toEqual(regions);
    const replaced = { ...media, items: [{ value: '华夏日报', label: '华夏' }] };
    await save(replaced);
    expect((await read('重点媒体')).json().data).toEqual(replaced);
  });

  it('refuses children in a list and a value repeated among siblings, naming them', async () => {
    const nested = await save({
      name: '坏列表',
      kind: 'list',
      items: [{ value: 'a', label: 'A', children: [{ value: 'b', label: 'B' }] }],
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().msg).toBe('items.0.children: 列表的项不能有子项');
    const duplicate = await save({
      name: '坏树',
      kind: 'tree',
      items: [
        {
          value: '/a',
          label: 'A',
          children: [
            { value: '/a/b', label: 'B' },
            { value: '/a/b', label: 'B2' },
          ],
        },
      ],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().msg).toBe('items.0.children.1.value: 值「/a/b」在同一层重复');
    const empty = await save({ name: '', kind: 'list', items: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toMatch(/^name:/);
    expect((await read('坏列表')).statusCode).toBe(404);
    expect((await read('坏树')).statusCode).toBe(404);
  });

  it('deletes by name, 404 for an unknown name', async () => {
    await save({ name: '临时', kind: 'list', items: [] });
    expect((await remove('临时')).json()).toEqual({ success: true, data: null });
    expect((await read('临时')).statusCode).toBe(404);
    const again = await remove('临时');
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toMatch(/^name: .*临时/);
  });

  it('lets admins and super admins write', async () => {
    const allowed = { admin: 200, superAdmin: 200 };
    await expectRoleMatrix(roles, (cookie) => save(media, cookie), allowed);
    await expectRoleMatrix(
      roles,
      async (cookie) => {
        await ctx.store.projectData.save(project.id, { name: '待删', kind: 'list', items: [] });
        return remove('待删', cookie);
      },
      allowed,
    );
  });
});
