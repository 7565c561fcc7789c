import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from './index.js';
import { openTestStore, testStoreKinds } from '../../test/stores.js';

describe.each(testStoreKinds())('login lockouts on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(() => store.close());

  const minute = 60_000;
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));

  it('keeps one row per episode of an account, and a row per locked address', async () => {
    const event = (minutes: number, failures: number, address: string) => ({
      username: 'admin',
      address,
      at: at(minutes),
      failures,
      until: new Date(at(minutes).getTime() + 1000),
    });
    const since = (minutes: number) => new Date(at(minutes).getTime() - 15 * minute);
    await store.loginLockouts.accountThrottled(event(0, 5, '10.0.0.1'), since(0));
    await store.loginLockouts.accountThrottled(event(2, 6, '10.0.0.2'), since(2));
    await store.loginLockouts.addressLocked({ ...event(3, 5, '10.0.0.3'), username: 'root' });
    await store.loginLockouts.accountThrottled(event(30, 5, '10.0.0.4'), since(30));

    const list = await store.loginLockouts.newest(10);
    expect(list.map(({ id: _id, ...lockout }) => lockout)).toEqual([
      {
        kind: 'account',
        username: 'admin',
        address: '10.0.0.4',
        startedAt: at(30).toISOString(),
        lastFailureAt: at(30).toISOString(),
        failures: 5,
        until: new Date(at(30).getTime() + 1000).toISOString(),
      },
      {
        kind: 'address',
        username: 'root',
        address: '10.0.0.3',
        startedAt: at(3).toISOString(),
        lastFailureAt: at(3).toISOString(),
        failures: 5,
        until: new Date(at(3).getTime() + 1000).toISOString(),
      },
      {
        kind: 'account',
        username: 'admin',
        address: '10.0.0.2',
        startedAt: at(0).toISOString(),
        lastFailureAt: at(2).toISOString(),
        failures: 6,
        until: new Date(at(2).getTime() + 1000).toISOString(),
      },
    ]);
    expect(await store.loginLockouts.newest(1)).toHaveLength(1);
  });
});
