import { join } from 'node:path';
import type { Config } from '../config.js';
import { DuckDbEngine } from './duckdb/engine.js';

/** The posts engine of a data folder, as the server and the import command open it. */
export function openPostsEngine(config: Config) {
  return DuckDbEngine.open({
    path: join(config.dataDir, 'posts.duckdb'),
    stagingDir: join(config.dataDir, 'staging'),
    memoryLimitMb: config.postsMemoryMb,
  });
}
