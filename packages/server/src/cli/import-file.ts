import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { API_BASE, POST_CALLS, SYSTEM_CALLS, valueLabels } from '@yuqing/core';
import { CLI_TOKEN_HEADER } from '../auth/access.js';
import type { Config } from '../config.js';
import { createDataDir, restrictDataDir } from '../data-dir.js';
import { openPostsEngine } from '../engine/open-engine.js';
import { PostImporter, type ImportReport } from '../ingest/importer.js';
import { openStore } from '../store/index.js';
import { storeProjectWriteLock } from '../jobs/project-write-lock.js';
import { reapplyCorrections } from '../corrections/corrections.js';
import { postStream } from './post-stream.js';
import { readRunningServer, type RunningServer } from './running-server.js';

export interface ProjectScope {
  repository: string;
  customer: string;
  project: string;
}

export interface ImportRequest {
  scope: ProjectScope;
  file: string;
  strict: boolean;
  body: Readable;
}

const CONTENT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ndjson: 'application/x-ndjson',
} as const;

const formatOf = (file: string) => {
  const extension = /\.(csv|xlsx)$/i.exec(file)?.[1]?.toLowerCase();
  return extension === 'csv' || extension === 'xlsx' ? extension : 'ndjson';
};

async function sendToServer(server: RunningServer, request: ImportRequest): Promise<ImportReport> {
  const url = new URL(`${API_BASE}${POST_CALLS.import.path}`, server.url);
  for (const [key, value] of Object.entries(request.scope)) url.searchParams.set(key, value);
  if (request.strict) url.searchParams.set('strict', 'true');
  const response = await postStream(
    url,
    {
      'content-type': CONTENT_TYPES[formatOf(request.file)],
      [CLI_TOKEN_HEADER]: server.token,
    },
    request.body,
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
  return fetch(new URL(`${API_BASE}${SYSTEM_CALLS.health.path}`, baseUrl), {
    signal: AbortSignal.timeout(1000),
  })
    .then((response) => response.ok)
    .catch(() => false);
}

/** DuckDB's refusal to open a file another process writes, said in the command's terms. */
function explainLock(error: unknown, config: Config, recorded: RunningServer | undefined) {
  const message = error instanceof Error ? error.message : String(error);
  if (!/Could not set lock on file/i.test(message)) return error;
  const holder = /\(PID (\d+)\)/.exec(message)?.[1];
  const who = holder ? `PID ${holder}` : '?';
  const where = recorded ? `，它记下的地址 ${recorded.url} 无应答` : '，数据文件夹里没有它的地址';
  const whereEn = recorded
    ? `; the address it recorded, ${recorded.url}, does not answer`
    : '; it left no address in the data folder';
  return new Error(
    `帖子库正被另一个进程 (${who}) 占用，多半是用 DATA_DIR=${config.dataDir} 运行的服务器${where}。` +
      `请重启该服务器（它会在数据文件夹记下地址，导入命令据此把文件交给它）或停止它，再运行导入。\n` +
      `The posts database is held by another process (${who}), most likely a server running ` +
      `with DATA_DIR=${config.dataDir}${whereEn}. Restart that server (it then records its ` +
      `address for this command) or stop it, and run the import again.`,
  );
}

/** No server answered and the data folder is not there: the command was run with another DATA_DIR. */
function noServerNoData(dataDir: string) {
  return new Error(
    `没有找到正在运行的服务器，数据文件夹 ${dataDir} 也不存在。请用启动服务器时的 DATA_DIR ` +
      `运行导入命令（例如 DATA_DIR=/path/to/data npm run import -- …）。\n` +
      `No running server was found, and the data folder ${dataDir} does not exist. Run the ` +
      `import with the DATA_DIR the server was started with.`,
  );
}

async function importDirectly(config: Config, request: ImportRequest): Promise<ImportReport> {
  if (!existsSync(config.dataDir)) throw noServerNoData(config.dataDir);
  await createDataDir(config.dataDir);
  const store = await openStore(config);
  try {
    const engine = await openPostsEngine(config, storeProjectWriteLock(store.writeLocks));
    await restrictDataDir(config.dataDir);
    const importer = new PostImporter(engine);
    try {
      const { scope } = request;
      const project = await store.tenancy.findProject(scope);
      if (!project) {
        const name = `${scope.repository}/${scope.customer}/${scope.project}`;
        throw new Error(
          `项目不存在: ${name}（未找到正在运行的服务器，已在数据文件夹 ${config.dataDir} 中查找）\n` +
            `No project ${name} (no running server was found; looked in the data folder ${config.dataDir})`,
        );
      }
      const target = { projectId: project.id, timeZone: project.profile.timezone };
      const report = await importer.importStream(
        {
          ...target,
          discardWords: project.profile.discard_word,
          labels: valueLabels(project.profile),
          tagRules: await store.taggingRules.get(project.id),
        },
        request.body,
        formatOf(request.file),
        { strict: request.strict },
      );
      // A re-imported post comes with the machine's values: people's corrections win again.
      await reapplyCorrections(store, engine, target);
      return report;
    } finally {
      await importer.close();
      await engine.close();
    }
  } finally {
    await store.close();
  }
}

/**
 * Imports a file through the server running on the data folder, wherever it listens, or
 * directly into the data folder when none runs.
 */
export async function importFile(
  config: Config,
  request: ImportRequest,
): Promise<{ report: ImportReport; via: 'server' | 'data folder' }> {
  const server = await readRunningServer(config.dataDir);
  if (server && (await serverIsUp(server.url)))
    return { report: await sendToServer(server, request), via: 'server' };
  try {
    return { report: await importDirectly(config, request), via: 'data folder' };
  } catch (error) {
    throw explainLock(error, config, server);
  }
}
