import { join } from 'node:path';
import type { Config } from '../config.js';
import { ClickHouseEngine } from './clickhouse/engine.js';
import { DuckDbEngine } from './duckdb/engine.js';
import type { PostsEngine, ProjectWriteLock } from './types.js';

/**
 * The posts engine the configuration names, as the server and the import command open it:
 * ClickHouse when CLICKHOUSE_URL is set (its writes of a project under `projectWriteLock`, which
 * every process sharing the cluster takes), else DuckDB in the data folder (one process owns it).
 */
export function openPostsEngine(
  config: Config,
  projectWriteLock: ProjectWriteLock,
): Promise<PostsEngine> {
  if (config.clickhouse) return ClickHouseEngine.open({ ...config.clickhouse, projectWriteLock });
  return DuckDbEngine.open({
    path: join(config.dataDir, 'posts.duckdb'),
    stagingDir: join(config.dataDir, 'staging'),
    memoryLimitMb: config.postsMemoryMb,
  });
}
