import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore, testStoreKinds } from '../../test/stores.js';
import { buildProject, buildUser } from '../../test/factories.js';
import type { Store } from './index.js';

describe.each(testStoreKinds())('metadata store on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store.close();
  });

  it('finds a project by repository, customer and project code, with profile defaults', async () => {
    const built = await buildProject(store, { profile: { primaryColor: '#112233' } });
    const found = await store.tenancy.findProject(built);
    expect(found).toMatchObject({
      id: built.id,
      code: built.project,
      customerCode: built.customer,
    });
    expect(found?.profile.primaryColor).toBe('#112233');
    expect(found?.profile.tendencies).toEqual(['正面', '中性', '负面']);
    expect(await store.tenancy.findProject({ ...built, project: 'nope' })).toBeUndefined();
  });

  it('refuses a second project with the same location', async () => {
    const built = await buildProject(store);
    const project = await store.tenancy.findProject(built);
    await expect(
      store.tenancy.createProject({
        customerId: project!.customerId,
        repository: built.repository,
        code: built.project,
        name: 'dup',
        profile: project!.profile,
      }),
    ).rejects.toThrow();
  });

  it('keeps one role per member and project, and lists accessible projects', async () => {
    const a = await buildProject(store);
    const b = await buildProject(store);
    const user = await buildUser(store, { project: a, role: 'viewer' });
    await store.tenancy.setRole(user.id, a.id, 'admin');
    expect(await store.tenancy.findRole(user.id, a.id)).toBe('admin');
    expect(await store.tenancy.findRole(user.id, b.id)).toBeUndefined();
    const listed = await store.tenancy.listAccessible({ id: user.id, isSuperAdmin: false });
    expect(listed.map((entry) => [entry.project.id, entry.role])).toEqual([[a.id, 'admin']]);
    const all = await store.tenancy.listAccessible({ id: user.id, isSuperAdmin: true });
    expect(all.map((entry) => entry.project.id)).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  it('stores subjects under their project', async () => {
    const built = await buildProject(store);
    await store.tenancy.createSubject({
      id: 's1',
      projectId: built.id,
      name: '专题一',
      tendencies: ['正面', '负面'],
    });
    expect(await store.tenancy.findSubject(built.id, 's1')).toEqual({
      id: 's1',
      projectId: built.id,
      name: '专题一',
      tendencies: ['正面', '负面'],
    });
    expect(await store.tenancy.findSubject(built.id, 's2')).toBeUndefined();
  });

  it('finds users by name, id and WeChat openid; names are unique', async () => {
    const user = await buildUser(store, { wxOpenid: `openid-${kind}` });
    expect((await store.users.findByUsername(user.username))?.id).toBe(user.id);
    expect((await store.users.findById(user.id))?.username).toBe(user.username);
    expect((await store.users.findByWxOpenid(`openid-${kind}`))?.id).toBe(user.id);
    await expect(
      store.users.create({
        username: user.username,
        nickname: 'x',
        password_hash: null,
        wx_openid: null,
      }),
    ).rejects.toThrow();
  });

  it('keeps sessions by token hash and revokes them', async () => {
    const user = await buildUser(store);
    const expiresAt = new Date(Date.now() + 60_000);
    await store.sessions.create({
      tokenHash: `h-${user.id}`,
      userId: user.id,
      isWx: false,
      address: '127.0.0.1',
      expiresAt,
    });
    const session = await store.sessions.findByTokenHash(`h-${user.id}`);
    expect(session).toMatchObject({ userId: user.id, isWx: false, revokedAt: null });
    expect(session?.expiresAt.getTime()).toBe(expiresAt.getTime());
    await store.sessions.revoke(session!.id);
    expect((await store.sessions.findByTokenHash(`h-${user.id}`))?.revokedAt).toBeInstanceOf(Date);
  });

  it('counts login failures per user and per address inside a window', async () => {
    const since = new Date(Date.now() - 60_000);
    const first = new Date(Date.now() - 30_000);
    const last = new Date(Date.now() - 10_000);
    await store.loginFailures.record('alice', '10.0.0.1', first);
    await store.loginFailures.record('alice', '10.0.0.2', last);
    await store.loginFailures.record('bob', '10.0.0.1', last);
    await store.loginFailures.record('alice', '10.0.0.1', new Date(Date.now() - 120_000));
    expect(
      await store.loginFailures.recentSince(since, { username: 'alice', address: '10.0.0.1' }),
    ).toEqual({ byUsername: 2, usernameNewest: last, byAddress: 2, addressOldest: first });
    expect(
      await store.loginFailures.recentSince(new Date(Date.now() + 60_000), {
        username: 'alice',
        address: '10.0.0.1',
      }),
    ).toEqual({ byUsername: 0, byAddress: 0 });
    // A success forgives the account's failures from its own address, not a guesser's elsewhere.
    await store.loginFailures.forgive('alice', '10.0.0.1');
    expect(
      await store.loginFailures.recentSince(since, { username: 'alice', address: '10.0.0.1' }),
    ).toEqual({ byUsername: 1, usernameNewest: last, byAddress: 1, addressOldest: last });
  });

  it('keeps the first value written for a server setting', async () => {
    const first = await store.settings.getOrCreate('k', () => 'one');
    const second = await store.settings.getOrCreate('k', () => 'two');
    expect([first, second]).toEqual(['one', 'one']);
  });

  it('accepts concurrent writes without losing any', async () => {
    const built = await buildProject(store);
    const users = await Promise.all(
      Array.from({ length: 10 }, () => buildUser(store, { project: built })),
    );
    const listed = await Promise.all(
      users.map((user) => store.tenancy.findRole(user.id, built.id)),
    );
    expect(listed).toEqual(Array(10).fill('viewer'));
  });
});
