import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { generateDemoPosts } from '@yuqing/server/seed/demo/generate';
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
const importer = new PostImporter(engine);
const now = Date.UTC(2026, 10, 1);
// The file is written first, so the import is timed without the generator.
const file = `${values.out}.ndjson`;
await pipeline(
  Readable.from(
    (function* () {
      for (const post of generateDemoPosts({ count: Number(values.posts), seed: 42, now }))
        yield `${JSON.stringify(post)}\n`;
    })(),
  ),
  createWriteStream(file),
);
const started = performance.now();
const cpuStarted = process.cpuUsage();
const report = await importer.importStream(
  { projectId: 'p1', timeZone: 'Asia/Shanghai', discardWords: [] },
  createReadStream(file),
  'ndjson',
  { strict: false },
);
const processCpu = process.cpuUsage(cpuStarted);
await rm(file);
const seconds = (performance.now() - started) / 1000;
console.log({
  ...report,
  errors: report.errors.length,
  seconds,
  perSecond: Number(values.posts) / seconds,
  // This process's CPU: every thread's, the workers' and DuckDB's included.
  cpuSeconds: (processCpu.user + processCpu.system) / 1e6,
  now,
});
await importer.close();
await engine.close();
