import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore, testStoreKinds } from '../../test/stores.js';
import type { Store } from '../store/index.js';
import { storeProjectWriteLock } from './project-write-lock.js';

const timing = { ttlMs: 400, maxPollMs: 20 };

describe.each(testStoreKinds())('a project write lock on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(() => store.close());

  /** Runs a task under a lock of its own "process", recording when it enters and leaves. */
  const recorder = () => {
    const events: string[] = [];
    const run = (lock: ReturnType<typeof storeProjectWriteLock>, project: string, name: string) =>
      lock(project, async () => {
        events.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 30));
        events.push(`${name} out`);
        return name;
      });
    return { events, run };
  };

  it("lets one process at a time write a project, and others' projects meanwhile", async () => {
    const [first, second] = [1, 2].map(() => storeProjectWriteLock(store.writeLocks, timing));
    const { events, run } = recorder();
    const answers = await Promise.all([
      run(first!, 'p', 'a'),
      run(second!, 'p', 'b'),
      run(second!, 'p', 'c'),
    ]);
    expect(answers).toEqual(['a', 'b', 'c']);
    for (let at = 0; at < events.length; at += 2) {
      expect(events[at + 1]).toBe(events[at]!.replace(' in', ' out'));
    }

    const other = recorder();
    await Promise.all([other.run(first!, 'x', 'x'), other.run(second!, 'y', 'y')]);
    expect(other.events.slice(0, 2).sort()).toEqual(['x in', 'y in']);
  });

  it('takes a lock its holder left when it expires, and never while it is held', async () => {
    expect(await store.writeLocks.take('posts:left', 'dead process', timing.ttlMs)).toBe(true);
    expect(await store.writeLocks.take('posts:left', 'someone', timing.ttlMs)).toBe(false);
    expect(await store.writeLocks.take('posts:left', 'dead process', timing.ttlMs)).toBe(true);
    const lock = storeProjectWriteLock(store.writeLocks, timing);
    expect(await lock('left', async () => 'written')).toBe('written');
    expect(await store.writeLocks.take('posts:left', 'someone', timing.ttlMs)).toBe(true);
  });
});
