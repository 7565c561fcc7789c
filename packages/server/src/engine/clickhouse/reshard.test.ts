import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_POSTS } from '../../../test/conformance/fixtures.js';
import { openTestClickHouse, testClient, testCluster, testUrls } from '../../../test/clickhouse.js';
import type { StoredPost } from '../types.js';
import { serverDialect } from './server-version.js';

const posts = (project: string, count: number, title = 'first'): StoredPost[] =>
  Array.from({ length: count }, (_, i) => ({
    ...EXAMPLE_POSTS[i % EXAMPLE_POSTS.length]!,
    _id: `${project}-${i}`,
    title,
  }));

/**
 * Posts spread over every shard by project and _id, and a cluster sharded by project alone is
 * moved to that without losing or doubling a row, also when the move is interrupted.
 */
describe.skipIf(testUrls.length < 2 || !testCluster)('ClickHouse sharding within a project', () => {
  let opened: Awaited<ReturnType<typeof openTestClickHouse>>;
  const clients = testUrls.map(testClient);
  const scope = (projectId: string) => ({ projectId, timeZone: 'Asia/Shanghai' });
  beforeAll(async () => {
    opened = await openTestClickHouse({ cleanupDelayMs: -1 });
  });
  afterAll(async () => {
    await opened?.close();
    await Promise.all(clients.map((client) => client.close()));
  });

  const ids = async (projectId: string) => {
    const page = await opened.engine.search(
      scope(projectId),
      {},
      {
        size: 1000,
        page: 0,
        sort: 'created asc',
      },
    );
    return page.list.map((post) => `${post._id}:${post.title}`).sort();
  };
  /** The Distributed tables of every node made again as before sharding by _id. */
  const shardByProjectAlone = async () => {
    const db = opened.database;
    const { ddlSettings } = await serverDialect(clients[0]!);
    for (const client of clients) {
      for (const [table, local] of [
        ['posts', 'posts_local'],
        ['replaced', 'replaced_local'],
      ]) {
        await client.command({ query: `DROP TABLE ${db}.${table}` });
        await client.command({
          query: `CREATE TABLE ${db}.${table} AS ${db}.${local} ENGINE = Distributed(${testCluster}, ${db}, ${local}, cityHash64(project_id))`,
          clickhouse_settings: ddlSettings,
        });
      }
    }
  };

  it("spreads one project's posts over every shard, and a re-import lands on its row's shard", async () => {
    const { engine } = opened;
    await engine.upsert(scope('spread'), posts('spread', 300));
    const perShard = await engine.rowsPerShard('spread');
    expect(perShard).toHaveLength(testUrls.length);
    expect(perShard.reduce((a, b) => a + b, 0)).toBe(300);
    for (const rows of perShard) expect(rows).toBeGreaterThan(300 / testUrls.length / 2);

    await engine.upsert(scope('spread'), posts('spread', 300, 'again'));
    expect(await engine.rowsPerShard('spread')).toEqual(perShard);
    expect(await engine.count(scope('spread'), {})).toBe(300);
    expect(new Set(await ids('spread'))).toEqual(
      new Set(posts('spread', 300).map((post) => `${post._id}:again`)),
    );
  });

  it('moves a cluster sharded by project alone, resumes an interrupted move, and loses or doubles nothing', async () => {
    const { engine } = opened;
    await shardByProjectAlone();
    await engine.upsert(scope('old-a'), posts('old-a', 200));
    await engine.upsert(scope('old-b'), posts('old-b', 150));
    await engine.upsert(scope('old-b'), posts('old-b', 50, 'replaced'));
    for (const project of ['old-a', 'old-b']) {
      expect((await engine.rowsPerShard(project)).filter((rows) => rows > 0)).toHaveLength(1);
    }
    const before = { a: await ids('old-a'), b: await ids('old-b') };
    // An import left open, as a move cut off between its copy and its commit leaves one.
    const cutOff = await engine.openImport(scope('old-b'));
    await cutOff.add(posts('old-b', 20, 'cut'));

    // Interrupted after its first project: imports are refused until a run finishes.
    await expect(
      engine.reshard(() => {
        throw new Error('interrupted');
      }),
    ).rejects.toThrow('interrupted');
    await expect(engine.upsert(scope('old-a'), posts('old-a', 1))).rejects.toThrow(
      '数据正在重新分片',
    );
    const db = opened.database;
    const open = await clients[0]!.query({
      query: `SELECT import_id FROM ${db}.imports WHERE project_id = 'old-b'
        GROUP BY import_id HAVING max(state) = 1`,
      format: 'JSONEachRow',
    });
    const [openImport] = await open.json<{ import_id: number }>();
    await clients[0]!.command({
      query: `INSERT INTO ${db}.reshards (run, state, project_id, import_id)
        VALUES (1, 2, 'old-b', ${Number(openImport?.import_id)})`,
    });

    const heard: string[] = [];
    await engine.reshard((progress) => heard.push(`${progress.projectId}:${progress.skipped}`));
    expect(heard).toContain('old-a:true');
    expect(heard).toContain('old-b:false');

    expect(await ids('old-a')).toEqual(before.a);
    expect(await ids('old-b')).toEqual(before.b);
    for (const project of ['old-a', 'old-b']) {
      const perShard = await engine.rowsPerShard(project);
      expect(perShard.every((rows) => rows > 0)).toBe(true);
    }

    // New imports go by _id; a re-import of an _id after the move leaves one row.
    await engine.upsert(scope('old-a'), posts('old-a', 10, 'after'));
    expect(await engine.count(scope('old-a'), {})).toBe(200);
    const after = await ids('old-a');
    expect(after.filter((id) => id.endsWith(':after'))).toHaveLength(10);
    expect(new Set(after.map((id) => id.split(':')[0])).size).toBe(200);
  });
});
