import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_POSTS } from '../../../test/conformance/fixtures.js';
import { openTestClickHouse, testCluster, testUrls } from '../../../test/clickhouse.js';
import { openTestStore } from '../../../test/stores.js';
import { storeProjectWriteLock } from '../../jobs/project-write-lock.js';
import type { Store } from '../../store/index.js';
import type { StoredPost } from '../types.js';
import { ClickHouseEngine } from './engine.js';

const posts = (from: number, to: number, title: string): StoredPost[] =>
  Array.from({ length: to - from }, (_, i) => ({
    ...EXAMPLE_POSTS[(from + i) % EXAMPLE_POSTS.length]!,
    _id: `p${from + i}`,
    title,
  }));

/**
 * Two processes writing one project of one cluster (two servers, or a server and the import
 * command), each an engine of its own sharing the store's lock: their imports both land, each
 * _id once, and an import a dead process left open is aborted, never shown.
 */
describe.skipIf(testUrls.length === 0)('ClickHouse imports from several processes', () => {
  let opened: Awaited<ReturnType<typeof openTestClickHouse>>;
  let store: Store;
  let other: ClickHouseEngine;
  const scope = { projectId: 'shared', timeZone: 'Asia/Shanghai' };
  const openImportTimeoutMs = 2_000;
  const processOf = (database: string) =>
    ClickHouseEngine.open({
      urls: testUrls,
      cluster: testCluster,
      database,
      cleanupDelayMs: -1,
      projectWriteLock: storeProjectWriteLock(store.writeLocks),
      openImportTimeoutMs,
    });
  beforeAll(async () => {
    store = await openTestStore('pglite');
    opened = await openTestClickHouse({ cleanupDelayMs: -1 });
    other = await processOf(opened.database);
  });
  afterAll(async () => {
    await other?.close();
    await opened?.close();
    await store?.close();
  });

  const titles = async () => {
    const page = await other.search(scope, {}, { size: 1000, page: 0, sort: 'created asc' });
    return page.list.map((post) => `${post._id}:${post.title}`);
  };

  it('lands both of two imports of overlapping _ids, each _id once', async () => {
    const first = await processOf(opened.database);
    try {
      const [a, b] = await Promise.all([first.openImport(scope), other.openImport(scope)]);
      for (let from = 0; from < 200; from += 50) {
        await Promise.all([
          a.add(posts(from, from + 50, 'first')),
          b.add(posts(from + 100, from + 150, 'other')),
        ]);
      }
      const counts = await Promise.all([a.commit(), b.commit()]);
      expect(counts.reduce((sum, count) => sum + count.imported, 0)).toBe(300);
      const listed = await titles();
      expect(listed).toHaveLength(300);
      expect(new Set(listed.map((title) => title.split(':')[0])).size).toBe(300);
      expect(await other.count(scope, {})).toBe(300);
    } finally {
      await first.close();
    }
  });

  it('keeps an import whose process is alive open through a cleanup pass, and lands it whole', async () => {
    const slow = await other.openImport(scope);
    await slow.add(posts(2000, 2050, 'slow'));
    // Longer than openImportTimeoutMs: only the import's own signs of life keep it open.
    await new Promise((resolve) => setTimeout(resolve, openImportTimeoutMs + 1_500));
    await other.cleanup();
    await slow.add(posts(2050, 2100, 'slow'));
    expect(await slow.commit()).toEqual({ imported: 100, replaced: 0 });
    expect((await titles()).filter((title) => title.endsWith(':slow'))).toHaveLength(100);
  });

  it('aborts an import whose process died with it open, and never shows it', async () => {
    const dying = await processOf(opened.database);
    const left = await dying.openImport(scope);
    await left.add(posts(1000, 1010, 'left open'));
    await dying.close();
    // The open import's last sign of life grows older than openImportTimeoutMs (whole seconds).
    await new Promise((resolve) => setTimeout(resolve, openImportTimeoutMs + 1_500));
    await other.cleanup();
    expect(await other.count(scope, {})).toBe(400);
    await other.upsert(scope, posts(1000, 1001, 'later'));
    expect((await titles()).filter((title) => /^p10\d\d:/.test(title))).toEqual(['p1000:later']);
  });
});
