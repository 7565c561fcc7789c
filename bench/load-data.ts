import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '@yuqing/server/config';
import { startServer } from '@yuqing/server/main';
import { openStore, type Store } from '../packages/server/src/store/index.js';
import { BENCH_ADMIN_PASSWORD } from './bench-server.js';

/** What the cached data folder holds: its demo posts were generated up to `now`. */
export interface LoadData {
  dataDir: string;
  posts: number;
  now: number;
}

/** Written last, so a folder whose seeding was interrupted is built again. */
const MARKER = 'bench-load.json';

function serverConfig(dataDir: string, demoPosts: number) {
  return readConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    DEMO_POSTS: String(demoPosts),
  });
}

/**
 * A data folder with `posts` demo posts seeded the way a first start seeds them, built once and
 * kept in the system's temporary folder, so later runs start in seconds.
 */
export async function loadData(posts: number): Promise<LoadData> {
  const dataDir = join(tmpdir(), `yuqing-bench-load-${posts}`);
  const marker = join(dataDir, MARKER);
  if (existsSync(marker)) return JSON.parse(await readFile(marker, 'utf8')) as LoadData;
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const now = Date.now();
  const started = performance.now();
  const server = await startServer(serverConfig(dataDir, posts));
  const report = await server.demoPosts;
  await server.close();
  if (report?.imported !== posts) throw new Error(`seeded ${report?.imported} of ${posts} posts`);
  console.error(`seeded ${posts} posts in ${Math.round((performance.now() - started) / 1000)} s`);
  const data = { dataDir, posts, now };
  await writeFile(marker, JSON.stringify(data));
  return data;
}

const ROOT = new URL('..', import.meta.url).pathname;

/**
 * The server over the cached folder, seeding nothing, in a process of its own as in production:
 * the load's clients must not share its event loop. Resolves once it listens. `root` is the
 * checkout it runs from (another one measures the code before a change on the same data).
 * `databaseUrl`: its metadata on that PostgreSQL database instead of the folder's PGlite;
 * `cpuProfileDir`: each of its threads writes a CPU profile there when it stops.
 */
export async function startLoadServer(
  data: LoadData,
  root = ROOT,
  options: { databaseUrl?: string; cpuProfileDir?: string } = {},
) {
  // The folder's PGlite unless told otherwise, whatever this shell's environment says.
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const profiling = options.cpuProfileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`]
    : [];
  const main = [...profiling, '--import', 'tsx', 'packages/server/src/main.ts'];
  const child = spawn(process.execPath, main, {
    cwd: root,
    env: {
      ...env,
      ...(options.databaseUrl && { DATABASE_URL: options.databaseUrl }),
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: data.dataDir,
      LOG_LEVEL: 'warn',
      DEMO_POSTS: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // A bench that dies must not leave the server holding the database's lock.
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /Open: http:\/\/localhost:(\d+)\//.exec(out);
      if (found) resolve(Number(found[1]));
    });
    void exited.then(() => reject(new Error(`the server stopped: ${out}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    close: async () => {
      process.off('exit', stop);
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs `task` on the cached folder's store, while no server has it open. */
export async function withStore<T>(data: LoadData, task: (store: Store) => Promise<T>) {
  const store = await openStore(serverConfig(data.dataDir, 0));
  try {
    return await task(store);
  } finally {
    await store.close();
  }
}
