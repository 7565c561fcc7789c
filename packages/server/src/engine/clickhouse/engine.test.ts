import { describe } from 'vitest';
import { describeEngineConformance } from '../../../test/conformance/conformance.js';
import { openTestClickHouse, testUrls } from '../../../test/clickhouse.js';

/**
 * The conformance suite's examples and answers on ClickHouse, when CLICKHOUSE_TEST_URL is set (see
 * test-cluster.ts); its writes run from engine-writes.test.ts, beside these on another worker.
 */
describe.skipIf(testUrls.length === 0)('ClickHouse engine', () => {
  // Cleanup passes run now and then, between the suite's reads and writes. Each query crosses
  // HTTP and every shard (three in CI, on two cores), so properties take a third of the runs
  // they take in process (CI time; the SQL they check is DuckDB's too, there at 25 runs); the
  // hand-written examples run whole.
  describeEngineConformance('clickhouse', () => openTestClickHouse({ cleanupDelayMs: 15_000 }), {
    numRuns: 8,
    parts: ['examples', 'answers'],
  });
});
