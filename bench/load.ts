import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Dashboard, PageData } from '@yuqing/core';
import { hashPassword } from '../packages/server/src/auth/password.js';
import { DEMO } from '../packages/server/src/seed/seed.js';
import { percentile } from './bench-server.js';
import type { Store } from '../packages/server/src/store/index.js';
import { loadData, startLoadServer, withStore, type LoadData } from './load-data.js';
import { viewerVisits, type PlannedVisit } from './load-plan.js';
import { withPostgresCopy } from './load-postgres.js';

const SCOPE = 'repository=yuqing&customer=demo&project=demo';
const VIEWER_PASSWORD = 'bench-viewer-password';
const HEALTH_EVERY_MS = 50;
/** One viewer in this many changes a filter on every visit. */
const FILTER_CHANGER_EVERY = 10;

interface Sample {
  page: string;
  changed: boolean;
  ms: number;
  status: number;
  msg?: string;
  /** The page's searches answered from the answer cache, and all of them. */
  hits: number;
  searches: number;
  widgetErrors: string[];
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** CPU seconds a process, or one of its threads, has used so far (user and system), from /proc. */
function cpuSeconds(pid: number, thread?: number): number {
  const path = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
  const fields = readFileSync(path, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** p50/p95/p99/max of a list of milliseconds, rounded to 0.1 ms. */
function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => Math.round(percentile(sorted, p) * 10) / 10;
  return {
    count: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: Math.round((sorted[sorted.length - 1] ?? 0) * 10) / 10,
  };
}

/** The bench's viewers, members of the demo project, created once in the cached store. */
async function ensureViewers(store: Store, count: number) {
  const project = await store.tenancy.findProject(DEMO);
  if (!project) throw new Error('the demo project is missing');
  const passwordHash = await hashPassword(md5(VIEWER_PASSWORD));
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const username = `bench-viewer-${i}`;
    const found = await store.users.findByUsername(username);
    const id =
      found?.id ??
      (await store.users.create({
        username,
        nickname: `压测用户${i}`,
        password_hash: passwordHash,
        wx_openid: null,
      }));
    await store.tenancy.setRole(id, project.id, 'viewer');
    names.push(username);
  }
  return names;
}

/** Signs in as the web does (the MD5 of the password) and returns the session cookie. */
async function signIn(origin: string, username: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/login?${SCOPE}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      username,
      password: md5(VIEWER_PASSWORD),
      customer: { code: 'demo', name: '' },
      timestamp: Date.now(),
    }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`sign-in of ${username}: ${response.status}`);
  return cookie;
}

/** What the web's session loads first: the dashboard this viewer is sent, and its version. */
async function projectDetail(origin: string, cookie: string) {
  const response = await fetch(`${origin}/api/v1/project?${SCOPE}`, { headers: { cookie } });
  const answer = (await response.json()) as {
    data?: {
      dashboard: Dashboard;
      source: { kind: 'published'; version: number | null };
      project: { timezone: string };
    };
  };
  if (!answer.data) throw new Error(`project detail: ${response.status}`);
  return answer.data;
}

/** Asks /health every HEALTH_EVERY_MS until `stop` settles, one at a time. */
export async function probeHealth(origin: string, stop: Promise<unknown>) {
  const times: number[] = [];
  let failures = 0;
  let done = false;
  void stop.finally(() => (done = true));
  while (!done) {
    const started = performance.now();
    const ok = await fetch(`${origin}/api/v1/health`)
      .then((response) => response.ok)
      .catch(() => false);
    const took = performance.now() - started;
    if (ok) times.push(took);
    else failures++;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, HEALTH_EVERY_MS - took)));
  }
  return { ...summary(times), failures };
}

/**
 * One viewer's page visits in turn, each one POST /page_data, as the web opens a page; `now`
 * tells the time in the data's clock.
 */
async function runViewer(
  origin: string,
  cookie: string,
  visits: PlannedVisit[],
  now: () => number,
) {
  const samples: Sample[] = [];
  for (const { page, changed, bodyAt } of visits) {
    const body = bodyAt(now());
    const started = performance.now();
    const sample = { page, changed, hits: 0, searches: 0, widgetErrors: [] as string[] };
    try {
      const response = await fetch(`${origin}/api/v1/page_data?${SCOPE}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { success: boolean; msg?: string; data?: PageData };
      const [hits, searches] = (response.headers.get('x-answer-cache') ?? '0/0').split('/');
      Object.assign(sample, { hits: Number(hits), searches: Number(searches) });
      for (const result of Object.values(answer.data?.widgets ?? {}))
        if ('error' in result) sample.widgetErrors.push(result.error);
      samples.push({
        ...sample,
        ms: performance.now() - started,
        status: response.status,
        msg: answer.success ? undefined : answer.msg,
      });
    } catch (error) {
      samples.push({ ...sample, ms: performance.now() - started, status: 0, msg: String(error) });
    }
  }
  return samples;
}

/** Counts of what went wrong, by status (or widget error) and page, with a message. */
function errorsOf(samples: Sample[]) {
  const errors: Record<string, { count: number; msg?: string }> = {};
  const count = (key: string, msg?: string) => {
    const entry = (errors[key] ??= { count: 0, msg });
    entry.count++;
  };
  for (const sample of samples) {
    if (sample.status !== 200) count(`${sample.status} ${sample.page}`, sample.msg);
    for (const error of sample.widgetErrors) count(`widget ${sample.page}`, error);
  }
  return errors;
}

/**
 * One run of the load on one server: `names` sign in, load the project as the web does and
 * open `visits` pages each, all at once, while /health is asked every 50 ms.
 */
async function runLoad(
  data: LoadData,
  names: string[],
  visits: number,
  options: { databaseUrl?: string; cpuProfileDir?: string },
) {
  const server = await startLoadServer(data, undefined, options);
  try {
    const { origin, pid } = server;
    const cookies = await Promise.all(names.map((name) => signIn(origin, name)));
    const plans = await Promise.all(
      cookies.map(async (cookie, viewer) => {
        const { dashboard, source, project } = await projectDetail(origin, cookie);
        return viewerVisits({
          viewer,
          visits,
          changesFilters: viewer % FILTER_CHANGER_EVERY === 0,
          dashboard,
          version: source.version,
          timeZone: project.timezone,
        });
      }),
    );

    const loadBefore = loadavg()[0]!;
    const cpuBefore = cpuSeconds(pid);
    const mainCpuBefore = cpuSeconds(pid, pid);
    const started = performance.now();
    // The data's posts end when it was seeded: the viewers open pages as if it were then.
    const now = () => Math.round(data.now + performance.now() - started);
    const load = Promise.all(cookies.map((cookie, i) => runViewer(origin, cookie, plans[i]!, now)));
    const health = probeHealth(origin, load);
    const samples = (await load).flat();
    const seconds = (performance.now() - started) / 1000;

    const hits = samples.reduce((sum, sample) => sum + sample.hits, 0);
    const searches = samples.reduce((sum, sample) => sum + sample.searches, 0);
    const byPage = new Map<string, number[]>();
    for (const sample of samples)
      byPage.set(sample.page, [...(byPage.get(sample.page) ?? []), sample.ms]);
    return {
      store: options.databaseUrl ? 'postgres' : 'pglite',
      seconds: Math.round(seconds * 10) / 10,
      pagesPerSecond: Math.round((samples.length / seconds) * 10) / 10,
      pages: summary(samples.map((sample) => sample.ms)),
      unchanged: summary(samples.filter((s) => !s.changed).map((s) => s.ms)),
      filtersChanged: summary(samples.filter((s) => s.changed).map((s) => s.ms)),
      // Every search of the page answered by the cache (or by the same search already running),
      // or some run for this page.
      fromCache: summary(samples.filter((s) => s.hits === s.searches).map((s) => s.ms)),
      withRuns: summary(samples.filter((s) => s.hits < s.searches).map((s) => s.ms)),
      health: await health,
      errors: errorsOf(samples),
      answerCache: { hits, searches, hitRate: Math.round((hits / searches) * 1000) / 1000 },
      // The machine: other work on it slows the server as much as the load does.
      machine: {
        cores: cpus().length,
        loadAverageBefore: loadBefore,
        loadAverageAfter: loadavg()[0],
        serverCpuSeconds: Math.round((cpuSeconds(pid) - cpuBefore) * 10) / 10,
        mainThreadCpuSeconds: Math.round((cpuSeconds(pid, pid) - mainCpuBefore) * 10) / 10,
      },
      perPage: Object.fromEntries([...byPage].map(([page, times]) => [page, summary(times)])),
    };
  } finally {
    await server.close();
  }
}

/**
 * `viewers` signed-in viewers of the demo project at `posts` posts, each opening `visits` pages
 * of the demo dashboard as the web does (one page_data a page, in menu order), all at once; one
 * in ten changes a filter on every visit (cache misses). With the metadata on the folder's PGlite,
 * and with `postgresUrl` (a PostgreSQL server's address) again on a copy of it there.
 * `cpuProfileDir`: the server's CPU profiles of each run go to a folder of the store's name there.
 */
export async function benchLoad(
  posts: number,
  viewers = 50,
  visits = 40,
  options: { postgresUrl?: string; cpuProfileDir?: string } = {},
) {
  const data = await loadData(posts);
  const names = await withStore(data, (store) => ensureViewers(store, viewers));
  const profileOf = (store: string) =>
    options.cpuProfileDir && { cpuProfileDir: join(options.cpuProfileDir, store) };
  return {
    posts,
    viewers,
    visitsPerViewer: visits,
    filterChangers: Math.ceil(viewers / FILTER_CHANGER_EVERY),
    dataNow: new Date(data.now).toISOString(),
    pglite: await runLoad(data, names, visits, { ...profileOf('pglite') }),
    ...(options.postgresUrl && {
      postgres: await withPostgresCopy(data, options.postgresUrl, (databaseUrl) =>
        runLoad(data, names, visits, { databaseUrl, ...profileOf('postgres') }),
      ),
    }),
  };
}
