// A Vitest sequencer that starts the longest unit files first. Vitest's own order, on a fresh
// clone without its cache, runs larger files first; the ClickHouse conformance files are small
// and took 150 s, so they began late and ran alone at the end while the other worker idled.
import { BaseSequencer } from 'vitest/node';

/** The longest files measured on these machines, longest first. */
const LONGEST = [
  'packages/server/src/engine/clickhouse/engine.test.ts',
  'packages/server/src/engine/clickhouse/engine-writes.test.ts',
  'packages/server/src/engine/duckdb/engine.test.ts',
  'packages/server/src/alerts/checker.test.ts',
  'packages/server/src/ingest/importer.test.ts',
  'packages/server/src/routes/corrections.test.ts',
  'packages/server/src/routes/search.test.ts',
  'packages/server/src/cli/import-file.test.ts',
  'packages/server/src/routes/reports.test.ts',
];

export default class LongestFirst extends BaseSequencer {
  async sort(files) {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const rank = (spec) => {
      const at = LONGEST.indexOf(spec.moduleId.slice(root.length + 1));
      return at === -1 ? LONGEST.length : at;
    };
    // Array sort is stable: the groups' order and Vitest's order within a rank stay.
    return sorted.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        rank(a) - rank(b),
    );
  }
}
