import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectProfile } from '@yuqing/core';
import { buildProject, buildUser } from '../../test/factories.js';
import { openTestStore, testStoreKinds } from '../../test/stores.js';
import { DuplicateCustomerError, DuplicateProjectError, type Store } from './index.js';

describe.each(testStoreKinds())('customer and project codes on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(() => store.close());

  it('finds a project whatever the case of its codes in the URL', async () => {
    const built = await buildProject(store, { customer: 'MixedCase', project: 'Proj-X' });
    const found = await store.tenancy.findProject({
      repository: built.repository,
      customer: 'mixedcase',
      project: 'PROJ-x',
    });
    expect(found?.id).toBe(built.id);
  });

  it('keeps codes unique whatever their case, however a row is written', async () => {
    const built = await buildProject(store, { customer: 'Unique', project: 'Once' });
    await expect(store.adminTenancy.createCustomer('uNIQUE', '重复')).rejects.toThrow(
      DuplicateCustomerError,
    );
    await expect(store.tenancy.createCustomer('UNIQUE', '重复')).rejects.toThrow();
    const customerId = (await store.tenancy.findProject(built))!.customerId;
    await expect(
      store.adminTenancy.createProject(
        { customerId, repository: built.repository, code: 'ONCE', name: '重复' },
        undefined,
        (await buildUser(store)).id,
      ),
    ).rejects.toThrow(DuplicateProjectError);
    await expect(
      store.tenancy.createProject({
        customerId,
        repository: built.repository,
        code: 'once',
        name: '重复',
        profile: projectProfile.parse({}),
      }),
    ).rejects.toThrow();
    await expect(
      store.projectCopy.copy(
        { id: built.id, customerId, repository: built.repository },
        { code: 'oNCE', name: '复制', subjects: false },
        (await buildUser(store)).id,
        false,
      ),
    ).rejects.toThrow(DuplicateProjectError);
    // Another repository may use the code.
    await store.tenancy.createProject({
      customerId,
      repository: 'archive',
      code: 'once',
      name: '归档',
      profile: projectProfile.parse({}),
    });
  });

  it("leaves a disabled project, or a disabled customer's, out of its members' list", async () => {
    const a = await buildProject(store);
    const b = await buildProject(store);
    const user = await buildUser(store, { project: a });
    await store.tenancy.setRole(user.id, b.id, 'admin');
    const listed = async () =>
      (await store.tenancy.listAccessible({ id: user.id, isSuperAdmin: false })).map(
        (entry) => entry.project.id,
      );
    expect(await listed()).toEqual([a.id, b.id]);
    await store.adminTenancy.updateProject(a.id, { disabled: true });
    const customerOfB = (await store.tenancy.findProject(b))!.customerId;
    await store.adminTenancy.updateCustomer(customerOfB, { disabled: true });
    expect(await listed()).toEqual([]);
    expect(await store.tenancy.findProject(b)).toMatchObject({
      disabled: false,
      customerDisabled: true,
    });
  });
});
