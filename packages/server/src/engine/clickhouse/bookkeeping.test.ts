import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_POSTS } from '../../../test/conformance/fixtures.js';
import { postOfListed } from '../listed-post.js';
import type { StoredPost } from '../types.js';
import { openTestClickHouse, testClient, testUrls } from '../../../test/clickhouse.js';

const post = (_id: string, title: string): StoredPost => ({ ...EXAMPLE_POSTS[0]!, _id, title });

/**
 * Imports write rows that stay invisible until commit; replaced, aborted and deleted rows stay
 * stored, hidden, until a cleanup pass deletes them and then their bookkeeping.
 */
describe.skipIf(testUrls.length === 0)('ClickHouse engine bookkeeping', () => {
  let opened: Awaited<ReturnType<typeof openTestClickHouse>>;
  const client = testClient(testUrls[0] ?? 'http://127.0.0.1:1');
  const scope = { projectId: 'kept', timeZone: 'Asia/Shanghai' };
  const gone = { projectId: 'gone', timeZone: 'Asia/Shanghai' };
  beforeAll(async () => {
    opened = await openTestClickHouse({ cleanupDelayMs: -1 });
  });
  afterAll(async () => {
    await opened?.close();
    await client.close();
  });

  const stored = async (table: string) => {
    const result = await client.query({
      query: `SELECT count() AS n FROM ${opened.database}.${table}`,
      format: 'JSONEachRow',
    });
    return Number((await result.json<{ n: number }>())[0]?.n);
  };
  const titles = async () => {
    const page = await opened.engine.search(scope, {}, { size: 100, page: 0, sort: 'created asc' });
    return page.list.map((item) => `${item._id}:${item.title}`).sort();
  };

  it('hides replaced, aborted and deleted rows, and a cleanup pass deletes them', async () => {
    const { engine } = opened;
    expect(await engine.upsert(scope, [post('a', '1'), post('b', '1'), post('c', '1')])).toEqual({
      imported: 3,
      replaced: 0,
    });
    expect(await engine.upsert(scope, [post('b', '2'), post('d', '1'), post('d', '2')])).toEqual({
      imported: 1,
      replaced: 2,
    });
    const aborted = await engine.openImport(scope);
    await aborted.add([post('a', 'never'), post('e', 'never')]);
    expect(await titles()).toEqual(['a:1', 'b:2', 'c:1', 'd:2']);
    await aborted.abort();
    await engine.upsert(gone, [post('a', 'x')]);
    await engine.deleteProject(gone.projectId);

    expect(await titles()).toEqual(['a:1', 'b:2', 'c:1', 'd:2']);
    expect(await stored('posts')).toBe(3 + 3 + 2 + 1);
    expect(await stored('replaced')).toBe(2);

    await engine.cleanup();
    expect(await titles()).toEqual(['a:1', 'b:2', 'c:1', 'd:2']);
    expect(await engine.count(scope, {})).toBe(4);
    expect(await engine.count(gone, {})).toBe(0);
    expect(await stored('posts')).toBe(4);
    expect(await stored('replaced')).toBe(0);
    const imports = await client.query({
      query: `SELECT project_id, max(state) AS state FROM ${opened.database}.imports GROUP BY project_id, import_id ORDER BY project_id, state`,
      format: 'JSONEachRow',
    });
    // The imports of `kept`: committed (it replaced nothing) and settled (its replaced rows are
    // deleted); the aborted and the deleted ones are gone.
    expect(await imports.json()).toEqual([
      { project_id: 'kept', state: 2 },
      { project_id: 'kept', state: 3 },
    ]);

    // Replacing after a cleanup, and a second pass with nothing to do.
    expect(await engine.upsert(scope, [post('a', '2')])).toEqual({ imported: 0, replaced: 1 });
    await engine.cleanup();
    await engine.cleanup();
    expect(await titles()).toEqual(['a:2', 'b:2', 'c:1', 'd:2']);
    expect(await stored('posts')).toBe(4);
  }, 120_000);

  it('hides an open or aborted import that lies between committed ones', async () => {
    const { engine } = opened;
    const project = { projectId: 'between', timeZone: 'Asia/Shanghai' };
    await engine.upsert(project, [post('a', '1')]);
    // Opened together: their ids grow in the order they open, each above the project's last.
    const [open, aborted] = await Promise.all([
      engine.openImport(project),
      engine.openImport(project),
    ]);
    await open.add([post('o', 'open')]);
    await aborted.add([post('x', 'aborted')]);
    await engine.upsert(project, [post('b', '1')]);
    await aborted.abort();
    const ids = async () =>
      (await engine.search(project, {}, { size: 10, page: 0, sort: 'created asc' })).list
        .map((item) => item._id)
        .sort();
    expect(await ids()).toEqual(['a', 'b']);
    await engine.cleanup();
    expect(await ids()).toEqual(['a', 'b']);
    await open.commit();
    expect(await ids()).toEqual(['a', 'b', 'o']);
    expect(await engine.count(project, {})).toBe(3);
  }, 120_000);

  it('scans every match in sort order, ties by _id, in batches', async () => {
    const { engine } = opened;
    const many = Array.from({ length: 2500 }, (_, i) => ({
      ...post(`s${String(i).padStart(4, '0')}`, `t${i % 7}`),
      created: EXAMPLE_POSTS[0]!.created + (i % 13),
    }));
    const project = { projectId: 'scanned', timeZone: 'Asia/Shanghai' };
    await engine.upsert(project, many);
    const batches: string[][] = [];
    for await (const batch of engine.scan(project, {}, 'created desc')) {
      batches.push(batch.map((row) => postOfListed(row)._id));
    }
    expect(batches.length).toBeGreaterThan(1);
    const expected = [...many]
      .sort((a, b) => b.created - a.created || (a._id < b._id ? -1 : 1))
      .map((item) => item._id);
    expect(batches.flat()).toEqual(expected);
    // A caller that stops early.
    for await (const batch of engine.scan(project, {}, 'created asc')) {
      expect(batch.length).toBeGreaterThan(0);
      break;
    }
    expect(await engine.count(project, {})).toBe(2500);
  }, 120_000);
});
