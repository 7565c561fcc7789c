import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createClient, ClickHouseLogLevel, type ClickHouseClient } from '@clickhouse/client';
import { postQuery, type PostQuery } from '@yuqing/core';
import { generateDemoPosts } from '@yuqing/server/seed/demo/generate';
import { DuckDBInstance } from '@duckdb/node-api';
import { ClickHouseEngine } from '../packages/server/src/engine/clickhouse/engine.js';
import { stringLiteral } from '../packages/server/src/engine/clickhouse/literal.js';
import { postsColumns } from '../packages/server/src/engine/clickhouse/schema.js';
import { serverDialect } from '../packages/server/src/engine/clickhouse/server-version.js';
import { SEGMENT_POSTS } from '../packages/server/src/engine/duckdb/grams.js';
import { DuckDbEngine } from '../packages/server/src/engine/duckdb/engine.js';
import type { EngineScope, PostsEngine } from '../packages/server/src/engine/types.js';
import { PostImporter } from '../packages/server/src/ingest/importer.js';
import { percentile } from './bench-server.js';

const DAY = 86_400_000;
const BENCH_DATABASE = 'yuqing_bench';

const NEWEST = 'created desc' as const;
const keywords = (q: string) => ({ q: postQuery.parse({ q }).q });

/** Every engine call a widget makes, on every field class: enumerations, provinces, paths. */
type Case = (engine: PostsEngine, scope: EngineScope, query: PostQuery) => Promise<unknown>;
const CASES: Record<string, Case> = {
  'search page 1 (newest)': (e, s, q) => e.search(s, q, { size: 20, page: 0, sort: NEWEST }),
  count: (e, s, q) => e.count(s, q),
  'terms media_platform': (e, s, q) =>
    e.terms(s, q, { field: 'media_platform', size: 10, valueType: 'volume' }),
  'terms tendency (engagement)': (e, s, q) =>
    e.terms(s, q, { field: 'tendency', size: 10, valueType: 'engagement_num' }),
  'terms province': (e, s, q) =>
    e.terms(s, q, { field: 'province', size: 34, valueType: 'volume' }),
  'terms media (many values)': (e, s, q) =>
    e.terms(s, q, { field: 'media', size: 20, valueType: 'volume' }),
  'terms topic_paths level 0': (e, s, q) =>
    e.terms(s, q, { field: 'topic_paths', size: 10, valueType: 'volume', level: 0 }),
  'terms topic_paths level 1': (e, s, q) =>
    e.terms(s, q, { field: 'topic_paths', size: 10, valueType: 'volume', level: 1 }),
  'terms brand_paths': (e, s, q) =>
    e.terms(s, q, { field: 'brand_paths', size: 10, valueType: 'volume' }),
  'pathTree topic_paths': (e, s, q) => e.pathTree(s, q, { field: 'topic_paths', size: 10 }),
  'trend day': (e, s, q) => e.trend(s, q, { interval: 'day', valueType: 'volume' }),
  'trend hour': (e, s, q) => e.trend(s, q, { interval: 'hour', valueType: 'volume' }),
  'trend day × tendency': (e, s, q) =>
    e.trend(s, q, { interval: 'day', valueType: 'volume', series: 'tendency' }),
  'trend day × topic_paths': (e, s, q) =>
    e.trend(s, q, { interval: 'day', valueType: 'volume', series: 'topic_paths' }),
  'trend week × province': (e, s, q) =>
    e.trend(s, q, { interval: 'week', valueType: 'engagement_num', series: 'province' }),
  statistics: (e, s, q) => e.statistics(s, q, { valueType: 'volume' }),
  words: (e, s, q) => e.words(s, q, { size: 100, recent: 5000 }),
  heatmap: (e, s, q) => e.heatmap(s, q, { valueType: 'volume' }),
  'pivot platform × tendency': (e, s, q) =>
    e.pivot(s, q, { rows: 'media_platform', cols: 'tendency', valueType: 'volume' }),
  'pivot topic_paths × province': (e, s, q) =>
    e.pivot(s, q, { rows: 'topic_paths', cols: 'province', valueType: 'volume' }),
  authors: (e, s, q) => e.authors(s, q, { field: 'author', size: 20 }),
  retweetGraph: (e, s, q) => e.retweetGraph(s, q, { size: 50 }),
  'keyword 2 terms (page)': (e, s, q) =>
    e.search(s, { ...q, ...keywords('星河 续航') }, { size: 20, page: 0, sort: NEWEST }),
  'keyword OR/NOT (count)': (e, s, q) => e.count(s, { ...q, ...keywords('(售后 | 召回) -广告') }),
  'filter province + topic path (terms)': (e, s, q) =>
    e.terms(
      s,
      { ...q, province: ['广东', '北京'], topic_paths: ['/产品'] },
      { field: 'media_platform', size: 10, valueType: 'volume' },
    ),
};

interface Opened {
  engine: PostsEngine;
  /** Bytes the engine's posts take on disk. */
  diskBytes(): Promise<number>;
  /**
   * Makes the project `factor` times larger inside the engine: each post gains `factor - 1`
   * copies under new _ids, with the same time, text, fields and keyword postings (what the import
   * pipeline would write for them), in minutes rather than the pipeline's hours.
   */
  grow(projectId: string, factor: number): Promise<void>;
  /** The project's rows on each shard (one number for an engine without shards). */
  rowsPerShard(projectId: string): Promise<number[]>;
  close(): Promise<void>;
}

async function openDuckDb(dir: string): Promise<Opened> {
  const path = join(dir, 'posts.duckdb');
  const open = () => DuckDbEngine.open({ path, stagingDir: join(dir, 'staging') });
  const opened: Opened = {
    engine: await open(),
    diskBytes: async () => (await stat(path)).size,
    rowsPerShard: async (projectId) => [
      await opened.engine.count({ projectId, timeZone: 'UTC' }, postQuery.parse({})),
    ],
    grow: async (projectId, factor) => {
      await opened.engine.close();
      const instance = await DuckDBInstance.create(path);
      const connection = await instance.connect();
      // Copies take pks past every stored one, a whole number of keyword segments further on, so
      // that a segment's postings (relative to its base) serve the copy's segment as they are.
      const [row] = (
        await connection.runAndReadAll(
          `SELECT (ceil(greatest((SELECT max(pk) + 1 FROM posts), (SELECT max(base) + ${SEGMENT_POSTS} FROM post_grams)) / ${SEGMENT_POSTS}) * ${SEGMENT_POSTS})::BIGINT AS shift`,
        )
      ).getRowObjectsJS();
      const shift = Number(row!.shift);
      const project = `'${projectId.replace(/'/g, "''")}'`;
      for (let k = 1; k < factor; k++) {
        await connection.run(
          `INSERT INTO posts SELECT * REPLACE (pk + ${k * shift} AS pk, _id || '~${k}' AS _id)
           FROM posts WHERE project_id = ${project} AND pk < ${shift}`,
        );
        await connection.run(
          `INSERT INTO post_grams SELECT project_id, gram, base + ${k * shift}, postings
           FROM post_grams WHERE project_id = ${project} AND base < ${shift}`,
        );
      }
      await connection.run('CHECKPOINT');
      connection.closeSync();
      instance.closeSync();
      opened.engine = await open();
    },
    close: () => opened.engine.close(),
  };
  return opened;
}

async function openClickHouse(urls: string[], cluster: string | undefined): Promise<Opened> {
  await dropBenchDatabase(urls);
  const engine = await ClickHouseEngine.open({ urls, cluster, database: BENCH_DATABASE });
  const nodes = urls.map((url) =>
    createClient({ url, request_timeout: 3_600_000, log: { level: ClickHouseLogLevel.OFF } }),
  );
  return {
    engine,
    rowsPerShard: (projectId) => engine.rowsPerShard(projectId),
    grow: async (projectId, factor) => {
      // Each node copies its own rows of the project: the copies stay on their original's shard,
      // spread over the shards as the originals are (an import would place them by their own _id).
      const dialect = await serverDialect(nodes[0]!);
      const columns = postsColumns(dialect).map(([name]) => name);
      const [row] = await (
        await nodes[0]!.query({
          query: `SELECT max(seq) + 1 AS shift FROM ${BENCH_DATABASE}.posts WHERE project_id = ${stringLiteral(projectId)}`,
          format: 'JSONEachRow',
        })
      ).json<{ shift: string }>();
      const shift = Number(row!.shift);
      const local = cluster ? 'posts_local' : 'posts';
      for (const node of nodes) {
        for (let k = 1; k < factor; k++) {
          const select = columns.map((name) =>
            name === '_id' ? `concat(_id, '~${k}')` : name === 'seq' ? `seq + ${k * shift}` : name,
          );
          await node.command({
            query: `INSERT INTO ${BENCH_DATABASE}.${local} (${columns.join(', ')})
                    SELECT ${select.join(', ')} FROM ${BENCH_DATABASE}.${local}
                    WHERE project_id = ${stringLiteral(projectId)} AND seq < ${shift}`,
          });
        }
      }
      await settled(nodes);
    },
    diskBytes: async () => {
      await settled(nodes);
      let bytes = 0;
      for (const node of nodes) {
        const result = await node.query({
          query: `SELECT sum(bytes_on_disk) AS bytes FROM system.parts
                  WHERE database = '${BENCH_DATABASE}' AND active`,
          format: 'JSONEachRow',
        });
        const [row] = await result.json<{ bytes: string }>();
        bytes += Number(row?.bytes ?? 0);
      }
      return bytes;
    },
    close: async () => {
      await engine.close();
      await Promise.all(nodes.map((node) => node.close()));
      await dropBenchDatabase(urls);
    },
  };
}

/** Waits until no node merges parts of the bench's tables: timings without merges running. */
async function settled(nodes: ClickHouseClient[]) {
  for (const node of nodes) {
    for (;;) {
      const result = await node.query({
        query: `SELECT count() AS n FROM system.merges WHERE database = '${BENCH_DATABASE}'`,
        format: 'JSONEachRow',
      });
      const [row] = await result.json<{ n: string }>();
      if (Number(row?.n ?? 0) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

async function dropBenchDatabase(urls: string[]) {
  for (const url of urls) {
    const client = createClient({ url, request_timeout: 600_000 });
    await client.command({ query: `DROP DATABASE IF EXISTS ${BENCH_DATABASE}` });
    await client.close();
  }
}

/** p50 and p95 of every case over `runs` ranges of the last 30 days. */
async function timeCases(engine: PostsEngine, scope: EngineScope, now: number, runs: number) {
  const latency: Record<string, { p50: number; p95: number }> = {};
  for (const [name, run] of Object.entries(CASES)) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const query = postQuery.parse({ start: now - 30 * DAY, end: now - i });
      const at = performance.now();
      await run(engine, scope, query);
      times.push(performance.now() - at);
    }
    times.sort((a, b) => a - b);
    latency[name] = {
      p50: Math.round(percentile(times, 0.5)),
      p95: Math.round(percentile(times, 0.95)),
    };
  }
  return latency;
}

/**
 * Imports `count` demo posts into each engine through the import pipeline (enrichment on) and
 * times every case of CASES `runs` times over the last 30 days. Each run's range ends a
 * millisecond earlier than the last one's, so no answer is served from a cache. With `grow` > 1,
 * the project then grows `grow` times larger inside each engine and every case is timed again.
 */
export async function benchEngines(count: number, runs: number, grow = 1) {
  const clickhouseUrls = (process.env.CLICKHOUSE_BENCH_URL ?? '').split(',').filter(Boolean);
  const cluster = process.env.CLICKHOUSE_BENCH_CLUSTER;
  // CLICKHOUSE_BENCH_SHARDS=1,2,3: ClickHouse alone on the first 1, 2, 3 nodes, each as the
  // cluster `<cluster>_<k>` of scripts/clickhouse-cluster.sh.
  const shardCounts = (process.env.CLICKHOUSE_BENCH_SHARDS ?? '').split(',').filter(Boolean);
  type Kind = { name: string; urls?: string[]; cluster?: string };
  const kinds: Kind[] =
    shardCounts.length > 0
      ? shardCounts.map((k) => ({
          name: `clickhouse-${k}-shards`,
          urls: clickhouseUrls.slice(0, Number(k)),
          cluster: `${cluster}_${k}`,
        }))
      : [
          { name: 'duckdb' },
          ...(clickhouseUrls.length > 0
            ? [{ name: 'clickhouse', urls: clickhouseUrls, cluster }]
            : []),
        ];
  const dir = await mkdtemp(join(tmpdir(), 'yuqing-bench-engines-'));
  const now = Date.UTC(2026, 10, 1);
  const file = join(dir, 'posts.ndjson');
  await pipeline(
    Readable.from(
      (function* () {
        for (const post of generateDemoPosts({ count, seed: 42, now }))
          yield `${JSON.stringify(post)}\n`;
      })(),
    ),
    createWriteStream(file),
  );
  const scope = { projectId: 'bench', timeZone: 'Asia/Shanghai' };
  const results: Record<string, unknown> = { posts: count, grow, runs };
  try {
    for (const { name: kind, urls, cluster: shards } of kinds) {
      const opened = urls ? await openClickHouse(urls, shards) : await openDuckDb(dir);
      try {
        const importer = new PostImporter(opened.engine);
        const started = performance.now();
        const report = await importer.importStream(
          { ...scope, discardWords: [] },
          createReadStream(file),
          'ndjson',
          { strict: false },
        );
        const importSeconds = (performance.now() - started) / 1000;
        await importer.close();
        const rowsPerShard = await opened.rowsPerShard(scope.projectId);
        console.error(`${kind}: rows per shard after the import: ${rowsPerShard.join(', ')}`);
        const sizes: Record<string, unknown> = {};
        for (const factor of [1, grow]) {
          if (factor > 1) {
            const at = performance.now();
            await opened.grow(scope.projectId, factor);
            console.error(
              `${kind}: grown ×${factor} in ${Math.round((performance.now() - at) / 1000)} s`,
            );
          }
          const posts = report.imported * factor;
          const stored = await opened.engine.count(scope, postQuery.parse({}));
          if (stored !== posts) throw new Error(`${kind} holds ${stored} posts, not ${posts}`);
          sizes[String(posts)] = {
            mbPerMillionPosts: Math.round((await opened.diskBytes()) / 1e6 / (posts / 1e6)),
            latency: await timeCases(opened.engine, scope, now, runs),
          };
          console.error(`${kind} at ${posts} posts:`, JSON.stringify(sizes[String(posts)]));
          if (grow <= 1) break;
        }
        results[kind] = {
          import: {
            imported: report.imported,
            seconds: Math.round(importSeconds * 10) / 10,
            postsPerSecond: Math.round(count / importSeconds),
          },
          rowsPerShard,
          ...sizes,
        };
      } finally {
        await opened.close();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return results;
}
