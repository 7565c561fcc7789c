import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '@yuqing/server/config';
import { startServer } from '@yuqing/server/main';

export const BENCH_ADMIN_PASSWORD = 'bench-admin-password';

/** A server on a free port over a fresh data folder, seeding `demoPosts` demo posts. */
export async function startBenchServer(name: string, demoPosts: number) {
  const dataDir = await mkdtemp(join(tmpdir(), `yuqing-bench-${name}-`));
  const server = await startServer(
    readConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      DEMO_POSTS: String(demoPosts),
    }),
  );
  return { server, dataDir };
}

/** The value below which a share `p` of the sorted values lie. */
export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}
