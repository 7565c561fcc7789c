import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { hashPassword } from '../packages/server/src/auth/password.js';
import { DEMO } from '../packages/server/src/seed/seed.js';
import { percentile } from './bench-server.js';
import type { Store } from '../packages/server/src/store/index.js';
import { loadData, startLoadServer, withStore } from './load-data.js';
import { viewerPlan, type PlannedSearch } from './load-plan.js';

const SCOPE = 'repository=yuqing&customer=demo&project=demo';
const VIEWER_PASSWORD = 'bench-viewer-password';
const HEALTH_EVERY_MS = 50;

interface Sample {
  name: string;
  ms: number;
  status: number;
  msg?: string;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** CPU seconds a process has used so far (user and system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
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
  return { names, timeZone: project.profile.timezone };
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

/** Asks /health every HEALTH_EVERY_MS until `stop` settles, one at a time. */
async function probeHealth(origin: string, stop: Promise<unknown>) {
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

/** One viewer's visits in turn, each visit's searches at once, as a dashboard page sends them. */
async function runViewer(origin: string, cookie: string, visits: PlannedSearch[][]) {
  const samples: Sample[] = [];
  const search = async ({ name, body }: PlannedSearch) => {
    const started = performance.now();
    try {
      const response = await fetch(`${origin}/api/v1/search?${SCOPE}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { success: boolean; msg?: string };
      const ms = performance.now() - started;
      samples.push({
        name,
        ms,
        status: response.status,
        msg: answer.success ? undefined : answer.msg,
      });
    } catch (error) {
      samples.push({ name, ms: performance.now() - started, status: 0, msg: String(error) });
    }
  };
  for (const visit of visits) await Promise.all(visit.map(search));
  return samples;
}

/**
 * `viewers` signed-in viewers of the demo project at `posts` posts, each making `requests`
 * searches of the demo dashboard's pages through HTTP on 127.0.0.1, all at once, while /health
 * is asked every 50 ms. Latency per aggregation and overall, errors by status, throughput.
 */
export async function benchLoad(posts: number, viewers = 50, requests = 40) {
  const data = await loadData(posts);
  const { names, timeZone } = await withStore(data, (store) => ensureViewers(store, viewers));
  const server = await startLoadServer(data);
  try {
    const { origin } = server;
    const cookies = await Promise.all(names.map((name) => signIn(origin, name)));
    const plans = cookies.map((_, i) => viewerPlan(i, requests, data.now, timeZone));

    const loadBefore = loadavg()[0]!;
    const cpuBefore = cpuSeconds(server.pid);
    const started = performance.now();
    const load = Promise.all(cookies.map((cookie, i) => runViewer(origin, cookie, plans[i]!)));
    const health = probeHealth(origin, load);
    const samples = (await load).flat();
    const seconds = (performance.now() - started) / 1000;
    const serverCpuSeconds = cpuSeconds(server.pid) - cpuBefore;

    const byName = new Map<string, number[]>();
    const errors: Record<string, { count: number; msg?: string }> = {};
    for (const sample of samples) {
      if (sample.status !== 200) {
        const entry = (errors[`${sample.status} ${sample.name}`] ??= { count: 0, msg: sample.msg });
        entry.count++;
      }
      byName.set(sample.name, [...(byName.get(sample.name) ?? []), sample.ms]);
    }
    const perAggregation = Object.fromEntries(
      [...byName]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([name, times]) => [name, summary(times)]),
    );
    return {
      posts,
      viewers,
      requestsPerViewer: requests,
      dataNow: new Date(data.now).toISOString(),
      seconds: Math.round(seconds * 10) / 10,
      // The machine: other work on it slows the server as much as the load does.
      machine: {
        cores: cpus().length,
        loadAverageBefore: loadBefore,
        loadAverageAfter: loadavg()[0],
        serverCpuSeconds: Math.round(serverCpuSeconds * 10) / 10,
      },
      requestsPerSecond: Math.round((samples.length / seconds) * 10) / 10,
      overall: summary(samples.map((sample) => sample.ms)),
      errors,
      health: await health,
      perAggregation,
    };
  } finally {
    await server.close();
  }
}
