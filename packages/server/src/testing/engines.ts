import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDbEngine } from '../engine/duckdb/engine.js';
import type { PostsEngine } from '../engine/types.js';
import { openTestClickHouse, testUrls } from './clickhouse.js';

/** A DuckDB posts engine in memory, staging its imports in a temporary folder. */
export async function openTestEngine() {
  return DuckDbEngine.open({
    path: ':memory:',
    stagingDir: await mkdtemp(join(tmpdir(), 'yuqing-staging-')),
    readers: 2,
  });
}

export type TestEngineKind = 'duckdb' | 'clickhouse';

/** The engines API tests run on: DuckDB, and ClickHouse when CLICKHOUSE_TEST_URL is set. */
export const TEST_ENGINES: TestEngineKind[] =
  testUrls.length > 0 ? ['duckdb', 'clickhouse'] : ['duckdb'];

/** An engine and how to be rid of it (a ClickHouse test database is dropped). */
export interface OpenedEngine {
  engine: PostsEngine;
  close(): Promise<void>;
}

export async function openTestEngineOf(kind: TestEngineKind): Promise<OpenedEngine> {
  if (kind === 'clickhouse') return openTestClickHouse();
  const engine = await openTestEngine();
  return { engine, close: () => engine.close() };
}
