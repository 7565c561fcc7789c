import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboard } from '@yuqing/core';
import { buildProject, buildUser } from '../../test/factories.js';
import { openTestStore, testStoreKinds } from '../../test/stores.js';
import { StaleRevisionError, type Store } from './index.js';

const content = (label: string) =>
  dashboard.parse({ menu: [{ label, key: 'overview', path: '/overview' }] });

describe.each(testStoreKinds())('dashboards on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(() => store.close());

  it('saves a draft only from the revision it was read at', async () => {
    const project = await buildProject(store);
    const key = { projectId: project.id, subjectId: '' };
    expect(await store.dashboards.draft(key)).toBeUndefined();
    expect(await store.dashboards.saveDraft(key, content('一'), 0, null)).toBe(1);
    expect(await store.dashboards.saveDraft(key, content('二'), 1, null)).toBe(2);
    // A second editor who read revision 1 is refused, and the newer draft is kept.
    const stale = store.dashboards.saveDraft(key, content('旧'), 1, null);
    await expect(stale).rejects.toBeInstanceOf(StaleRevisionError);
    await expect(stale).rejects.toMatchObject({ current: 2 });
    const saved = await store.dashboards.draft(key);
    expect(saved?.revision).toBe(2);
    expect(saved?.dashboard.menu[0]?.label).toBe('二');
  });

  it('refuses one of two first saves made at once', async () => {
    const project = await buildProject(store);
    const key = { projectId: project.id, subjectId: '' };
    const results = await Promise.allSettled([
      store.dashboards.saveDraft(key, content('甲'), 0, null),
      store.dashboards.saveDraft(key, content('乙'), 0, null),
    ]);
    const saved = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(saved).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(StaleRevisionError);
    expect((await store.dashboards.draft(key))?.revision).toBe(1);
  });

  it('publishes the draft as numbered versions, newest first in the list', async () => {
    const project = await buildProject(store);
    const user = await buildUser(store, { project, role: 'admin' });
    const key = { projectId: project.id, subjectId: '' };
    expect(await store.dashboards.publish(key, user.id)).toBeUndefined();
    await store.dashboards.saveDraft(key, content('一'), 0, user.id);
    expect(await store.dashboards.publish(key, user.id)).toBe(1);
    await store.dashboards.saveDraft(key, content('二'), 1, user.id);
    expect(await store.dashboards.publish(key, null)).toBe(2);

    expect((await store.dashboards.published(key))?.dashboard.menu[0]?.label).toBe('二');
    expect((await store.dashboards.published(key, 1))?.dashboard.menu[0]?.label).toBe('一');
    expect(await store.dashboards.published(key, 3)).toBeUndefined();
    const versions = await store.dashboards.versions(key);
    expect(versions.map((v) => [v.version, v.publishedBy])).toEqual([
      [2, null],
      [1, `昵称${user.username}`],
    ]);
  });

  it('reads a published version once: it never changes, and the newest is read again after a publish', async () => {
    const project = await buildProject(store);
    const key = { projectId: project.id, subjectId: '' };
    await store.dashboards.saveDraft(key, content('一'), 0, null);
    await store.dashboards.publish(key, null);
    const first = await store.dashboards.published(key, 1);
    expect(await store.dashboards.published(key, 1)).toBe(first);
    expect(await store.dashboards.published(key)).toBe(first);
    // Another project's version 1 is its own.
    const other = await buildProject(store);
    const otherKey = { projectId: other.id, subjectId: '' };
    await store.dashboards.saveDraft(otherKey, content('他'), 0, null);
    await store.dashboards.publish(otherKey, null);
    expect((await store.dashboards.published(otherKey, 1))?.dashboard.menu[0]?.label).toBe('他');

    await store.dashboards.saveDraft(key, content('二'), 1, null);
    await store.dashboards.publish(key, null);
    expect(await store.dashboards.published(key)).toMatchObject({ version: 2 });
    expect((await store.dashboards.published(key))?.dashboard.menu[0]?.label).toBe('二');
  });

  it('keeps a subject dashboard apart from the project one', async () => {
    const project = await buildProject(store);
    await store.dashboards.saveDraft(
      { projectId: project.id, subjectId: 's1' },
      content('专题'),
      0,
      null,
    );
    expect(await store.dashboards.draft({ projectId: project.id, subjectId: '' })).toBeUndefined();
    expect(
      (await store.dashboards.draft({ projectId: project.id, subjectId: 's1' }))?.dashboard.menu[0]
        ?.label,
    ).toBe('专题');
  });

  it('rolls back: the version becomes the draft and the newest version', async () => {
    const project = await buildProject(store);
    const user = await buildUser(store, { project, role: 'admin' });
    const key = { projectId: project.id, subjectId: '' };
    expect(await store.dashboards.rollback(key, 1, user.id)).toBeUndefined();
    await store.dashboards.saveDraft(key, content('一'), 0, null);
    await store.dashboards.publish(key, null);
    await store.dashboards.saveDraft(key, content('二'), 1, null);
    await store.dashboards.publish(key, null);
    await store.dashboards.saveDraft(key, content('未发布'), 2, null);

    // Whatever the draft's revision: a rollback is explicit.
    expect(await store.dashboards.rollback(key, 1, user.id)).toEqual({ version: 3, revision: 4 });
    const draft = await store.dashboards.draft(key);
    expect(draft?.revision).toBe(4);
    expect(draft?.dashboard).toEqual(content('一'));
    expect((await store.dashboards.published(key))?.dashboard).toEqual(content('一'));
    expect((await store.dashboards.published(key, 2))?.dashboard).toEqual(content('二'));
    const versions = await store.dashboards.versions(key);
    expect(versions.map((v) => [v.version, v.publishedBy])).toEqual([
      [3, `昵称${user.username}`],
      [2, null],
      [1, null],
    ]);
    expect(await store.dashboards.rollback(key, 9, user.id)).toBeUndefined();
    expect((await store.dashboards.draft(key))?.revision).toBe(4);
  });
});
