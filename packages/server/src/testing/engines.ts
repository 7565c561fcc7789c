import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDbEngine } from '../engine/duckdb/engine.js';

/** A DuckDB posts engine in memory, staging its imports in a temporary folder. */
export async function openTestEngine() {
  return DuckDbEngine.open({
    path: ':memory:',
    stagingDir: await mkdtemp(join(tmpdir(), 'yuqing-staging-')),
    readers: 2,
  });
}
