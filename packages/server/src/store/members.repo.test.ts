import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectProfile } from '@yuqing/core';
import { verifyPassword } from '../auth/password.js';
import { buildProject, buildUser } from '../../test/factories.js';
import { openTestStore, testStoreKinds } from '../../test/stores.js';
import type { Store } from './index.js';

describe.each(testStoreKinds())('members and profiles on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(() => store.close());

  it('lists members with their accounts and removes memberships', async () => {
    const project = await buildProject(store);
    const admin = await buildUser(store, { project, role: 'admin', wxOpenid: 'wx-1' });
    const viewer = await buildUser(store, { project, role: 'viewer', superAdmin: true });
    await buildUser(store, { project: await buildProject(store) });
    const members = await store.tenancy.listMembers(project.id);
    expect(members).toHaveLength(2);
    expect(members).toContainEqual({
      id: admin.id,
      username: admin.username,
      nickname: `昵称${admin.username}`,
      role: 'admin',
      disabled: false,
      isSuperAdmin: false,
      wxBound: true,
    });
    expect(members).toContainEqual(
      expect.objectContaining({
        id: viewer.id,
        role: 'viewer',
        isSuperAdmin: true,
        wxBound: false,
      }),
    );
    expect(await store.tenancy.removeMember(viewer.id, project.id)).toBe(true);
    expect(await store.tenancy.removeMember(viewer.id, project.id)).toBe(false);
    expect((await store.tenancy.listMembers(project.id)).map((m) => m.id)).toEqual([admin.id]);
    expect(await store.users.findById(viewer.id)).toBeDefined();
  });

  it('updates a profile', async () => {
    const built = await buildProject(store);
    const project = (await store.tenancy.findProject(built))!;
    await store.tenancy.updateProfile(project.id, { ...project.profile, icp: '新' });
    expect((await store.tenancy.findProject(built))?.profile).toEqual(
      projectProfile.parse({ ...project.profile, icp: '新' }),
    );
  });

  it('disables accounts and replaces password hashes', async () => {
    const user = await buildUser(store);
    await store.users.setDisabled(user.id, true);
    expect((await store.users.findById(user.id))?.disabled).toBe(true);
    await store.users.setDisabled(user.id, false);
    expect((await store.users.findById(user.id))?.disabled).toBe(false);
    await store.users.setPasswordHash(user.id, 'scrypt$x');
    expect((await store.users.findById(user.id))?.passwordHash).toBe('scrypt$x');
    expect(await verifyPassword('00', 'scrypt$x')).toBe(false);
  });
});
