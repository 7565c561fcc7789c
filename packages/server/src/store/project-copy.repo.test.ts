import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboard } from '@yuqing/core';
import { buildProject, buildUser } from '../../test/factories.js';
import { openTestStore, testStoreKinds } from '../../test/stores.js';
import { DuplicateProjectError, type Store } from './index.js';

const content = (label: string) =>
  dashboard.parse({ menu: [{ label, key: 'overview', path: '/overview' }] });

describe.each(testStoreKinds())('project copy on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(() => store.close());

  it('copies profile, draft, newest version and data; not subjects or members', async () => {
    const built = await buildProject(store, { profile: { icp: 'ICP', tendencies: ['好', '坏'] } });
    const source = (await store.tenancy.findProject(built))!;
    const admin = await buildUser(store, { project: built, role: 'admin' });
    await buildUser(store, { project: built, role: 'viewer' });
    const key = { projectId: source.id, subjectId: '' };
    await store.dashboards.saveDraft(key, content('一'), 0, null);
    await store.dashboards.publish(key, null);
    await store.dashboards.saveDraft(key, content('二'), 1, null);
    await store.dashboards.publish(key, null);
    await store.dashboards.saveDraft(key, content('草稿'), 2, null);
    await store.dashboards.saveDraft({ ...key, subjectId: 's' }, content('专题'), 0, null);
    await store.projectData.save(source.id, { name: 'L', kind: 'list', items: [] });

    const id = await store.projectCopy.copy(
      source,
      { code: 'copied', name: '副本', subjects: false },
      admin.id,
      true,
    );
    const copy = (await store.tenancy.findProject({ ...built, project: 'copied' }))!;
    expect(copy.id).toBe(id);
    expect(copy).toMatchObject({ name: '副本', customerId: source.customerId });
    expect(copy.profile).toEqual(source.profile);
    const copyKey = { projectId: id, subjectId: '' };
    expect(await store.dashboards.draft(copyKey)).toMatchObject({
      dashboard: content('草稿'),
      revision: 1,
    });
    expect(await store.dashboards.published(copyKey)).toEqual({
      dashboard: content('二'),
      version: 1,
    });
    expect((await store.dashboards.versions(copyKey)).map((v) => v.version)).toEqual([1]);
    expect(await store.dashboards.draft({ projectId: id, subjectId: 's' })).toBeUndefined();
    expect(await store.projectData.list(id)).toEqual([{ name: 'L', kind: 'list', items: [] }]);
    expect(await store.tenancy.listMembers(id)).toEqual([
      expect.objectContaining({ id: admin.id, role: 'admin' }),
    ]);
  });

  it('copies the subjects with their draft and newest version when asked', async () => {
    const built = await buildProject(store);
    const source = (await store.tenancy.findProject(built))!;
    const user = await buildUser(store);
    await store.tenancy.createSubject({
      id: 's1',
      projectId: source.id,
      name: '新车上市',
      tendencies: ['正面', '负面'],
    });
    await store.tenancy.createSubject({
      id: 's2',
      projectId: source.id,
      name: '空专题',
      tendencies: [],
    });
    const key = { projectId: source.id, subjectId: 's1' };
    await store.dashboards.saveDraft(key, content('专题一'), 0, null);
    await store.dashboards.publish(key, null);
    await store.dashboards.saveDraft(key, content('专题草稿'), 1, null);

    const id = await store.projectCopy.copy(
      source,
      { code: 'with-subjects', name: '带专题', subjects: true },
      user.id,
      false,
    );
    expect(await store.tenancy.findSubject(id, 's1')).toMatchObject({
      name: '新车上市',
      tendencies: ['正面', '负面'],
    });
    expect(await store.tenancy.findSubject(id, 's2')).toMatchObject({ name: '空专题' });
    const copyKey = { projectId: id, subjectId: 's1' };
    expect(await store.dashboards.draft(copyKey)).toMatchObject({
      dashboard: content('专题草稿'),
      revision: 1,
    });
    expect(await store.dashboards.published(copyKey)).toEqual({
      dashboard: content('专题一'),
      version: 1,
    });
    expect(await store.dashboards.draft({ projectId: id, subjectId: 's2' })).toBeUndefined();
    // The source keeps its own.
    expect(await store.tenancy.findSubject(source.id, 's1')).toMatchObject({ name: '新车上市' });
  });

  it('refuses a code the customer uses in the repository, writing nothing', async () => {
    const built = await buildProject(store);
    const source = (await store.tenancy.findProject(built))!;
    const user = await buildUser(store);
    const before = await store.tenancy.countProjects();
    await expect(
      store.projectCopy.copy(
        source,
        { code: built.project, name: 'x', subjects: true },
        user.id,
        true,
      ),
    ).rejects.toBeInstanceOf(DuplicateProjectError);
    expect(await store.tenancy.countProjects()).toBe(before);
    // The same code under another customer is fine.
    const other = (await store.tenancy.findProject(await buildProject(store)))!;
    await store.projectCopy.copy(
      other,
      { code: built.project, name: 'y', subjects: false },
      user.id,
      false,
    );
    expect(await store.tenancy.countProjects()).toBe(before + 2);
  });
});
