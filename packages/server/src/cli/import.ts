import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { readConfig } from '../config.js';
import type { ImportReport } from '../ingest/importer.js';
import { importFile } from './import-file.js';

const USAGE = `用法 Usage: npm run import -- --project <repository>/<customer>/<project> [--strict] FILE.jsonl|FILE.csv`;

/** Counts bytes as they pass, for the progress bar. */
function byteCounter(onBytes: (bytes: number) => void) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
}

async function main() {
  const { values, positionals } = parseArgs({
    options: { project: { type: 'string' }, strict: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const [repository, customer, project] = (values.project ?? '').split('/');
  const file = positionals[0];
  if (!repository || !customer || !project || !file) throw new Error(USAGE);
  const scope = { repository, customer, project };
  const config = readConfig();
  const size = (await stat(file)).size;

  const bar = new SingleBar({
    format: '导入 Importing [{bar}] {percentage}% | {value}/{total} MB | {eta}s',
    hideCursor: true,
  });
  const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
  let read = 0;
  bar.start(mb(size), 0);
  const body = createReadStream(file).pipe(
    byteCounter((bytes) => {
      read += bytes;
      bar.update(mb(read));
    }),
  );

  const started = performance.now();
  let report: ImportReport;
  try {
    ({ report } = await importFile(config, { scope, file, strict: values.strict, body }));
  } finally {
    bar.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  const rows = report.imported + report.replaced;
  console.log(
    `新增 imported ${report.imported}, 替换 replaced ${report.replaced}, 拒绝 rejected ${report.rejected}` +
      ` in ${seconds.toFixed(1)} s (${Math.round(rows / seconds)} posts/s)`,
  );
  for (const error of report.errors) {
    console.log(`  第 ${error.line} 行 ${error.field}: ${error.message}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
