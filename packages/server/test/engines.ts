import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DuckDbEngine } from '../src/engine/duckdb/engine.js';
import type { EngineScope, PostsEngine } from '../src/engine/types.js';
import { PostImporter } from '../src/ingest/importer.js';
import { openTestClickHouse, testUrls } from './clickhouse.js';

/** A DuckDB posts engine in memory, staging its imports in a temporary folder it removes on close. */
export async function openTestEngine() {
  const stagingDir = await mkdtemp(join(tmpdir(), 'yuqing-staging-'));
  const engine = await DuckDbEngine.open({ path: ':memory:', stagingDir, readers: 2 });
  const close = engine.close.bind(engine);
  engine.close = async () => {
    await close();
    await rm(stagingDir, { recursive: true, force: true });
  };
  return engine;
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

/** Imports posts (JSON lines) into an engine as an import does, strictly, with `workers`. */
export async function importLines(
  engine: PostsEngine,
  scope: EngineScope,
  lines: Iterable<string>,
  workers = 1,
): Promise<void> {
  const importer = new PostImporter(engine, workers);
  try {
    await importer.importStream(
      { ...scope, discardWords: [] },
      Readable.from([[...lines].join('\n')]),
      'ndjson',
      { strict: true },
    );
  } finally {
    await importer.close();
  }
}
