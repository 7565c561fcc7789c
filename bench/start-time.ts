import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const PORT = 18_931;

/** Milliseconds from spawning the server until the API answers, on the given data folder. */
async function timeStart(dataDir: string): Promise<number> {
  const started = performance.now();
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'packages/server/src/main.ts')],
    {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'bench-admin',
        DEMO_POSTS: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    },
  );
  try {
    const deadline = started + 60_000;
    while (performance.now() < deadline) {
      const ok = await fetch(
        `http://127.0.0.1:${PORT}/api/v1/project_info?repository=yuqing&customer=demo&project=demo`,
      )
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the server did not answer within 60 s');
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

/** First start (new store: initdb, migrations, seed) and later starts on the same folder. */
export async function measureStart(runs = 3) {
  const dataDir = await mkdtemp(join(tmpdir(), 'yuqing-bench-'));
  try {
    const first = await timeStart(dataDir);
    const warm: number[] = [];
    for (let i = 0; i < runs; i++) warm.push(await timeStart(dataDir));
    warm.sort((a, b) => a - b);
    return {
      firstStartMs: Math.round(first),
      warmStartMedianMs: Math.round(warm[Math.floor(warm.length / 2)]!),
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
