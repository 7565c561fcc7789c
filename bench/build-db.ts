import { Readable } from 'node:stream';
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { generateDemoPosts } from '@yuqing/server/ingest/demo/generate';
import { DuckDbEngine } from '../packages/server/src/engine/duckdb/engine.js';
import { PostImporter } from '../packages/server/src/ingest/importer.js';

// node --import tsx bench/build-db.ts --posts 200000 --out /tmp/yq.duckdb
// Imports demo posts in process (project 'p1') and keeps the database, for query experiments.
const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '200000' },
    out: { type: 'string', default: '/tmp/yq.duckdb' },
  },
});
await rm(values.out!, { force: true });
const engine = await DuckDbEngine.open({ path: values.out!, stagingDir: '/tmp/yq-staging' });
const importer = await PostImporter.create(engine);
const now = Date.UTC(2026, 10, 1);
const lines = (function* () {
  for (const post of generateDemoPosts({ count: Number(values.posts), seed: 42, now }))
    yield `${JSON.stringify(post)}\n`;
})();
const started = performance.now();
const report = await importer.importStream(
  { projectId: 'p1', timeZone: 'Asia/Shanghai', discardWords: [] },
  Readable.from(lines),
  'ndjson',
  { strict: false },
);
const seconds = (performance.now() - started) / 1000;
console.log({
  ...report,
  errors: report.errors.length,
  seconds,
  perSecond: Number(values.posts) / seconds,
  now,
});
await engine.close();
