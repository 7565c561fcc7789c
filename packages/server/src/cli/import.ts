import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { API_BASE } from '@yuqing/core';
import { CLI_TOKEN_HEADER } from '../auth/access.js';
import { readConfig, type Config } from '../config.js';
import { createDataDir, restrictDataDir } from '../data-dir.js';
import { postStream } from './post-stream.js';
import { DuckDbEngine } from '../engine/duckdb/engine.js';
import { PostImporter, type ImportReport } from '../ingest/importer.js';
import { openStore } from '../store/index.js';
import { readCliToken } from './cli-token.js';

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

async function sendToServer(
  baseUrl: string,
  token: string,
  scope: Record<string, string>,
  file: string,
  strict: boolean,
  body: Readable,
): Promise<ImportReport> {
  const url = new URL(`${API_BASE}/posts/import`, baseUrl);
  for (const [key, value] of Object.entries(scope)) url.searchParams.set(key, value);
  if (strict) url.searchParams.set('strict', 'true');
  const response = await postStream(
    url,
    {
      'content-type': file.toLowerCase().endsWith('.csv') ? 'text/csv' : 'application/x-ndjson',
      [CLI_TOKEN_HEADER]: token,
    },
    body,
  );
  const answer = JSON.parse(response.text) as {
    success: boolean;
    msg?: string;
    data?: ImportReport;
  };
  if (!answer.success || !answer.data) throw new Error(answer.msg ?? `HTTP ${response.status}`);
  return answer.data;
}

async function serverIsUp(baseUrl: string): Promise<boolean> {
  return fetch(new URL(`${API_BASE}/health`, baseUrl), { signal: AbortSignal.timeout(1000) })
    .then((response) => response.ok)
    .catch(() => false);
}

async function importDirectly(
  config: Config,
  scope: { repository: string; customer: string; project: string },
  file: string,
  strict: boolean,
  body: Readable,
): Promise<ImportReport> {
  await createDataDir(config.dataDir);
  const store = await openStore(config);
  const engine = await DuckDbEngine.open({
    path: join(config.dataDir, 'posts.duckdb'),
    stagingDir: join(config.dataDir, 'staging'),
    memoryLimitMb: config.postsMemoryMb,
  });
  await restrictDataDir(config.dataDir);
  const importer = new PostImporter(engine);
  try {
    const project = await store.tenancy.findProject(scope);
    if (!project)
      throw new Error(`项目不存在: ${scope.repository}/${scope.customer}/${scope.project}`);
    return await importer.importStream(
      {
        projectId: project.id,
        timeZone: project.profile.timezone,
        discardWords: project.profile.discard_word,
      },
      body,
      file.toLowerCase().endsWith('.csv') ? 'csv' : 'ndjson',
      { strict },
    );
  } finally {
    await importer.close();
    await engine.close();
    await store.close();
  }
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

  const baseUrl = `http://127.0.0.1:${config.port}`;
  const token = await readCliToken(config.dataDir);
  const started = performance.now();
  let report: ImportReport;
  try {
    report =
      token && (await serverIsUp(baseUrl))
        ? await sendToServer(baseUrl, token, scope, file, values.strict, body)
        : await importDirectly(config, scope, file, values.strict, body);
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
