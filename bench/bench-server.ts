import { createHash } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageQuery } from '@yuqing/core';
import { readConfig } from '@yuqing/server/config';
import { startServer } from '@yuqing/server/main';
import { demoDashboard } from '../packages/server/src/seed/demo-dashboard.js';

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

/** The p50 and p95 of some times, in ms. */
export function summary(times: readonly number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    p50: Math.round(percentile(sorted, 0.5)),
    p95: Math.round(percentile(sorted, 0.95)),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The demo project's address in a query string. */
export const DEMO_SCOPE = 'repository=yuqing&customer=demo&project=demo';

/** Signs in as the demo admin; answers the session cookie. */
export async function signInAdmin(origin: string): Promise<string> {
  const login = await fetch(`${origin}/api/v1/login?${DEMO_SCOPE}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      username: 'admin',
      password: createHash('md5').update(BENCH_ADMIN_PASSWORD).digest('hex'),
      customer: { code: 'demo', name: '' },
      timestamp: Date.now(),
    }),
  });
  if (!login.ok) throw new Error(`login: ${login.status}`);
  return login.headers.get('set-cookie')!.split(';')[0]!;
}

/** When a page was asked for and when its answer had arrived. */
export interface PageTime {
  start: number;
  end: number;
}

/**
 * The demo overview opened as a user opens it, each view a minute wider than the last so that no
 * answer comes from the answer cache; counts the views.
 */
export function overviewViewer(origin: string, cookie: string) {
  const page = demoDashboard.pages.overview!;
  let views = 0;
  return {
    get views() {
      return views;
    },
    async open(): Promise<PageTime> {
      const base = pageQuery(page, Date.now(), 'Asia/Shanghai');
      const query = { ...base, start: base.start - views++ * 60_000 };
      const start = Date.now();
      const response = await fetch(`${origin}/api/v1/page_data?${DEMO_SCOPE}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin },
        body: JSON.stringify({ page: 'overview', query, now: Date.now() }),
      });
      if (!response.ok) throw new Error(`page_data: ${response.status}`);
      await response.arrayBuffer();
      return { start, end: Date.now() };
    },
  };
}
