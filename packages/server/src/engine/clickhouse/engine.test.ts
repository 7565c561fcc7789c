import { randomBytes } from 'node:crypto';
import { createClient, ClickHouseLogLevel } from '@clickhouse/client';
import { describe } from 'vitest';
import { describeEngineConformance } from '../conformance/conformance.js';
import { ClickHouseEngine } from './engine.js';

/**
 * The conformance suite on ClickHouse, when CLICKHOUSE_TEST_URL names its nodes (comma-separated;
 * CLICKHOUSE_TEST_CLUSTER names their cluster), e.g. the local cluster of
 * scripts/clickhouse-cluster.sh:
 *
 *   CLICKHOUSE_TEST_URL=http://127.0.0.1:18123,http://127.0.0.1:18124 \
 *   CLICKHOUSE_TEST_CLUSTER=yuqing npx vitest run packages/server/src/engine/clickhouse
 *
 * Each run works in a database of its own, dropped at the end.
 */
const urls = (process.env.CLICKHOUSE_TEST_URL ?? '')
  .split(',')
  .map((url) => url.trim())
  .filter(Boolean);
const cluster = process.env.CLICKHOUSE_TEST_CLUSTER || undefined;

export async function openTestClickHouse() {
  const database = `yuqing_test_${randomBytes(6).toString('hex')}`;
  const engine = await ClickHouseEngine.open({ urls, cluster, database, cleanupDelayMs: 500 });
  return {
    engine,
    database,
    close: async () => {
      await engine.close();
      for (const url of urls) {
        const client = createClient({ url, log: { level: ClickHouseLogLevel.OFF } });
        await client.command({ query: `DROP DATABASE IF EXISTS ${database}` });
        await client.close();
      }
    },
  };
}

describe.skipIf(urls.length === 0)('ClickHouse engine', () => {
  describeEngineConformance('clickhouse', openTestClickHouse);
});
