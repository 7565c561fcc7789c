import { readConfig } from '../config.js';
import { ClickHouseEngine } from '../engine/clickhouse/engine.js';
import { storeProjectWriteLock } from '../jobs/project-write-lock.js';
import { openStore } from '../store/index.js';

/**
 * `npm run reshard`: moves a ClickHouse cluster whose posts are sharded by project alone (before
 * sharding within a project) to sharding by project and _id, project by project, each project's
 * rows swapped at once; imports are refused until it finishes, reads go on. Run it again after an
 * interruption: it resumes where it stopped, and loses or doubles no row (reshard.ts). With
 * DATABASE_URL, each project waits for an import the servers had begun before the run.
 */
async function main() {
  const config = readConfig();
  if (!config.clickhouse?.cluster) {
    throw new Error(
      'npm run reshard 需要 ClickHouse 集群：请设置 CLICKHOUSE_URL 和 CLICKHOUSE_CLUSTER',
    );
  }
  // A store of the data folder (PGlite) is the stopped server's own; one of PostgreSQL is shared.
  const store = config.databaseUrl ? await openStore(config) : undefined;
  const engine = await ClickHouseEngine.open({
    ...config.clickhouse,
    cleanupDelayMs: -1,
    ...(store && { projectWriteLock: storeProjectWriteLock(store.writeLocks) }),
  });
  const started = performance.now();
  try {
    await engine.reshard(({ projectId, rows, skipped }) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        skipped
          ? `项目 ${projectId}: 已在上次迁移 (moved by an earlier run)`
          : `项目 ${projectId}: ${rows} 条已重新分片 (resharded) — ${seconds} s`,
      );
    });
    console.log(`完成 done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await engine.close();
    await store?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
