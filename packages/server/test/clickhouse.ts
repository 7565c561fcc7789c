import { randomBytes } from 'node:crypto';
import { createClient, ClickHouseLogLevel, type ClickHouseClient } from '@clickhouse/client';
import { ClickHouseEngine } from '../src/engine/clickhouse/engine.js';

/**
 * The ClickHouse servers tests run against: CLICKHOUSE_TEST_URL names the nodes (comma-separated)
 * and CLICKHOUSE_TEST_CLUSTER their cluster, e.g. those of scripts/clickhouse-cluster.sh:
 *
 *   CLICKHOUSE_TEST_URL=http://127.0.0.1:18123,http://127.0.0.1:18124 \
 *   CLICKHOUSE_TEST_CLUSTER=yuqing npx vitest run packages/server/src/engine/clickhouse
 *
 * Without CLICKHOUSE_TEST_URL the tests that need a server are skipped.
 */
export const testUrls = (process.env.CLICKHOUSE_TEST_URL ?? '')
  .split(',')
  .map((url) => url.trim())
  .filter(Boolean);
export const testCluster = process.env.CLICKHOUSE_TEST_CLUSTER || undefined;

/** A client of one node (dropping a database of many parts takes minutes on 18.16). */
export const testClient = (url: string): ClickHouseClient =>
  createClient({
    url,
    request_timeout: 600_000,
    clickhouse_settings: { output_format_json_quote_64bit_integers: 0 },
    log: { level: ClickHouseLogLevel.OFF },
  });

/** An engine in a database of its own on every node, dropped at close: runs never collide. */
export async function openTestClickHouse(
  options: { cleanupDelayMs?: number; urls?: string[]; cluster?: string } = {},
) {
  const { urls = testUrls, cluster = testCluster } = options;
  const database = `yuqing_test_${randomBytes(6).toString('hex')}`;
  const engine = await ClickHouseEngine.open({
    urls,
    cluster,
    database,
    cleanupDelayMs: options.cleanupDelayMs,
    // Parts merged away leave the disk during the run rather than all at the drop.
    tableSettings: { old_parts_lifetime: 20 },
  });
  return {
    engine,
    database,
    close: async () => {
      await engine.close();
      await Promise.all(
        urls.map(async (url) => {
          const client = testClient(url);
          try {
            await client.command({ query: `DROP DATABASE IF EXISTS ${database}` });
          } finally {
            await client.close();
          }
        }),
      );
    },
  };
}
