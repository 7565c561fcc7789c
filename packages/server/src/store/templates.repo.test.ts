import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboard } from '@yuqing/core';
import { buildProject, buildUser } from '../../test/factories.js';
import { openTestStore, testStoreKinds } from '../../test/stores.js';
import type { Store } from './index.js';

const pages = (label: string, keys: string[]) =>
  dashboard.parse({
    menu: keys.map((key) => ({ label, key, path: `/${key}` })),
    pages: Object.fromEntries(keys.map((key) => [key, {}])),
  });

describe.each(testStoreKinds())('templates on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(() => store.close());

  const customerOf = async (project: Awaited<ReturnType<typeof buildProject>>) =>
    (await store.tenancy.findProject(project))!.customerId;

  it('keeps templates per customer, replacing by name', async () => {
    const project = await buildProject(store);
    const other = await buildProject(store);
    const user = await buildUser(store, { project, role: 'admin' });
    const customer = await customerOf(project);
    const otherCustomer = await customerOf(other);

    await store.templates.save(customer, { name: 'B', template: pages('一', ['a', 'b']) }, user.id);
    await store.templates.save(customer, { name: 'A', template: pages('一', []) }, null);
    await store.templates.save(otherCustomer, { name: 'B', template: pages('他', ['x']) }, null);
    expect(await store.templates.list(customer)).toEqual([
      { name: 'A', createdAt: expect.any(String), createdBy: null, pages: 0 },
      { name: 'B', createdAt: expect.any(String), createdBy: `昵称${user.username}`, pages: 2 },
    ]);

    await store.templates.save(customer, { name: 'B', template: pages('二', ['c']) }, null);
    expect(await store.templates.find(customer, 'B')).toEqual({
      name: 'B',
      template: pages('二', ['c']),
    });
    expect((await store.templates.list(customer)).find((t) => t.name === 'B')).toMatchObject({
      createdBy: null,
      pages: 1,
    });
    expect((await store.templates.find(otherCustomer, 'B'))?.template).toEqual(pages('他', ['x']));

    expect(await store.templates.remove(customer, 'B')).toBe(true);
    expect(await store.templates.remove(customer, 'B')).toBe(false);
    expect(await store.templates.find(customer, 'B')).toBeUndefined();
    expect(await store.templates.find(otherCustomer, 'B')).toBeDefined();
  });
});
