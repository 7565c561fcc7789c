import { describe } from 'vitest';
import { describeEngineConformance } from '../../../test/conformance/conformance.js';
import { openTestClickHouse, testUrls } from '../../../test/clickhouse.js';

/** The conformance suite's writes on ClickHouse, when CLICKHOUSE_TEST_URL is set (engine.test.ts). */
describe.skipIf(testUrls.length === 0)('ClickHouse engine', () => {
  describeEngineConformance('clickhouse', () => openTestClickHouse({ cleanupDelayMs: 15_000 }), {
    numRuns: 8,
    parts: ['writes'],
  });
});
