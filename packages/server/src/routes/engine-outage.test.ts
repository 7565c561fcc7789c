import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chart } from '@yuqing/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_POSTS } from '../../test/conformance/fixtures.js';
import { openTestApp, scopeQuery, signIn } from '../../test/app.js';
import { openTestClickHouse, testUrls } from '../../test/clickhouse.js';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';

const run = promisify(execFile);
const SCRIPT = new URL('../../../../scripts/clickhouse-cluster.sh', import.meta.url).pathname;
/** A cluster of this test's own: stopping its shard disturbs no other suite. */
const HTTP_PORT = 38123;
const DAY = 86_400_000;
const OUTAGE = /^数据引擎暂时不可用（有分片无法连接），请稍后重试$/;

/** Where a stopped shard shows: ClickHouse is installed when CLICKHOUSE_TEST_URL is set. */
describe.skipIf(testUrls.length === 0)('a stopped ClickHouse shard', () => {
  let dir: string;
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let admin: string;
  const now = Date.UTC(2024, 5, 1);

  const cluster = (...args: string[]) =>
    run('bash', [SCRIPT, ...args], {
      env: {
        ...process.env,
        CLICKHOUSE_CLUSTER_DIR: dir,
        CLICKHOUSE_HTTP_PORT: String(HTTP_PORT),
        CLICKHOUSE_SHARDS: '2',
      },
    });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'yuqing-outage-'));
    await cluster('start');
    const engine = await openTestClickHouse({
      urls: [`http://127.0.0.1:${HTTP_PORT}`, `http://127.0.0.1:${HTTP_PORT + 1}`],
      cluster: 'yuqing',
    });
    ctx = await openTestApp('pglite', {}, { engine });
    project = await buildProject(ctx.store);
    admin = (await signIn(ctx.app, await buildUser(ctx.store, { project, role: 'admin' }))).cookie;
    const posts = Array.from({ length: 40 }, (_, i) => ({
      ...EXAMPLE_POSTS[0]!,
      _id: `p${i}`,
      created: now - (i + 1) * 3_600_000,
    }));
    await ctx.engine.upsert({ projectId: project.id, timeZone: 'Asia/Shanghai' }, posts);
  }, 120_000);
  afterAll(async () => {
    // Stopped whatever happened before: a node left running would hold its ports for the next run.
    try {
      await cluster('start');
      await ctx?.close();
    } finally {
      await cluster('stop');
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  const query = { start: now - 30 * DAY, end: now };
  // Answers are kept until the next write, so each step asks something not asked before.
  const search = (field: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/search',
      query: scopeQuery(project),
      headers: { cookie: admin },
      payload: { aggs: 'common_terms', field, ...query },
    });
  const pageData = (type: 'pie') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/page_data',
      query: scopeQuery(project),
      headers: { cookie: admin },
      payload: {
        widgets: [
          chart.parse({ i: 'terms', x: 0, y: 0, w: 12, h: 10, type }),
          chart.parse({ i: 'trend', x: 12, y: 0, w: 12, h: 10, type: 'lines' }),
        ],
        query: { ...query, range: 'custom' },
        now,
      },
    });

  it('answers 503 naming the outage on /search and on each widget, and recovers when the shard is back', async () => {
    expect((await search('account_type')).statusCode).toBe(200);

    await cluster('stop-node', '1');
    const started = performance.now();
    const refused = await search('media_platform');
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json().msg).toMatch(OUTAGE);
    const page = await pageData('pie');
    expect(page.statusCode).toBe(200);
    const { widgets } = page.json().data;
    expect(widgets.terms.error).toMatch(OUTAGE);
    expect(widgets.trend.error).toMatch(OUTAGE);
    // Refused, not hung: well within the browser's patience.
    expect(performance.now() - started).toBeLessThan(60_000);

    await cluster('start');
    const back = await search('tendency');
    expect(back.statusCode).toBe(200);
    expect(back.json().data.list.length).toBeGreaterThan(0);
    const recovered = (await pageData('pie')).json().data.widgets;
    expect(recovered.terms.error).toBeUndefined();
    expect(recovered.trend.error).toBeUndefined();
  }, 180_000);
});
