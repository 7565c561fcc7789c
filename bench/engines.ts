import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createClient, ClickHouseLogLevel } from '@clickhouse/client';
import { postQuery, type PostQuery } from '@yuqing/core';
import { generateDemoPosts } from '@yuqing/server/seed/demo/generate';
import { ClickHouseEngine } from '../packages/server/src/engine/clickhouse/engine.js';
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
  close(): Promise<void>;
}

async function openDuckDb(dir: string): Promise<Opened> {
  const path = join(dir, 'posts.duckdb');
  const engine = await DuckDbEngine.open({ path, stagingDir: join(dir, 'staging') });
  return {
    engine,
    diskBytes: async () => (await stat(path)).size,
    close: () => engine.close(),
  };
}

async function openClickHouse(urls: string[], cluster: string | undefined): Promise<Opened> {
  await dropBenchDatabase(urls);
  const engine = await ClickHouseEngine.open({ urls, cluster, database: BENCH_DATABASE });
  return {
    engine,
    diskBytes: async () => {
      let bytes = 0;
      for (const url of urls) {
        const client = createClient({ url, log: { level: ClickHouseLogLevel.OFF } });
        const result = await client.query({
          query: `SELECT sum(bytes_on_disk) AS bytes FROM system.parts
                  WHERE database = '${BENCH_DATABASE}' AND active`,
          format: 'JSONEachRow',
        });
        const [row] = await result.json<{ bytes: string }>();
        bytes += Number(row?.bytes ?? 0);
        await client.close();
      }
      return bytes;
    },
    close: async () => {
      await engine.close();
      await dropBenchDatabase(urls);
    },
  };
}

async function dropBenchDatabase(urls: string[]) {
  for (const url of urls) {
    const client = createClient({ url, request_timeout: 600_000 });
    await client.command({ query: `DROP DATABASE IF EXISTS ${BENCH_DATABASE}` });
    await client.close();
  }
}

/**
 * Imports `count` demo posts into each engine through the import pipeline (enrichment on) and
 * times every case of CASES `runs` times over the last 30 days. Each run's range ends a
 * millisecond earlier than the last one's, so no answer is served from a cache.
 */
export async function benchEngines(count: number, runs: number) {
  const clickhouseUrls = (process.env.CLICKHOUSE_BENCH_URL ?? '').split(',').filter(Boolean);
  const kinds =
    clickhouseUrls.length > 0 ? (['duckdb', 'clickhouse'] as const) : (['duckdb'] as const);
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
  const results: Record<string, unknown> = { posts: count, runs };
  try {
    for (const kind of kinds) {
      const opened =
        kind === 'duckdb'
          ? await openDuckDb(dir)
          : await openClickHouse(clickhouseUrls, process.env.CLICKHOUSE_BENCH_CLUSTER);
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
        const latency: Record<string, { p50: number; p95: number }> = {};
        for (const [name, run] of Object.entries(CASES)) {
          const times: number[] = [];
          for (let i = 0; i < runs; i++) {
            const query = postQuery.parse({ start: now - 30 * DAY, end: now - i });
            const at = performance.now();
            await run(opened.engine, scope, query);
            times.push(performance.now() - at);
          }
          times.sort((a, b) => a - b);
          latency[name] = {
            p50: Math.round(percentile(times, 0.5)),
            p95: Math.round(percentile(times, 0.95)),
          };
        }
        results[kind] = {
          import: {
            imported: report.imported,
            seconds: Math.round(importSeconds * 10) / 10,
            postsPerSecond: Math.round(count / importSeconds),
          },
          mbPerMillionPosts: Math.round((await opened.diskBytes()) / 1e6 / (count / 1e6)),
          latency,
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
