import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { EXPORTS_API, pageQuery, queryState, type ChartInput, type Dashboard } from '@yuqing/core';
import { demoDashboard } from '../packages/server/src/seed/demo-dashboard.js';
import { BENCH_ADMIN_PASSWORD, percentile } from './bench-server.js';
import { loadData, startLoadServer } from './load-data.js';
import { probeHealth } from './load.js';

const SCOPE = 'repository=yuqing&customer=demo&project=demo';
const TZ = 'Asia/Shanghai';
const DAY = 86_400_000;
const MINUTE = 60_000;
const PAGE = 'bench-export';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Twelve widgets of every kind an export draws: native charts, pictures, numbers, tables. */
function benchWidgets(): ChartInput[] {
  const all = Object.values(demoDashboard.pages).flatMap((page) => page.charts);
  const pick = (type: string, nth = 0) => all.filter((chart) => chart.type === type)[nth]!;
  const chosen = [
    pick('statistics-card'),
    pick('lines'),
    pick('pie'),
    pick('bar'),
    pick('area-stack'),
    pick('compare-bar'),
    pick('stack-bar'),
    pick('words'),
    pick('map'),
    pick('heat-map'),
    pick('tree-map'),
    pick('m-table'),
  ];
  return chosen.map((chart, index) => ({
    ...chart,
    i: `bench-${index}`,
    x: (index % 2) * 12,
    y: Math.floor(index / 2) * 14,
    w: 12,
    h: 14,
  }));
}

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/login?${SCOPE}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      username: 'admin',
      password: md5(BENCH_ADMIN_PASSWORD),
      customer: { code: 'demo', name: '' },
      timestamp: Date.now(),
    }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`sign-in: ${response.status}`);
  return cookie;
}

function client(origin: string, cookie: string) {
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(
      `${origin}/api/v1/${path}${path.includes('?') ? '&' : '?'}${SCOPE}`,
      {
        method,
        headers: {
          cookie,
          origin,
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      },
    );
    const answer = (await response.json()) as { success: boolean; msg?: string; data: never };
    if (!answer.success) throw new Error(`${path}: ${answer.msg}`);
    return answer.data;
  };
  return call;
}

/** Publishes the twelve-widget page into the demo dashboard. */
async function publishBenchPage(call: ReturnType<typeof client>) {
  const { dashboard, source } = (await call('GET', 'project?type=manage')) as {
    dashboard: Dashboard;
    source: { revision: number };
  };
  if (!dashboard.pages[PAGE]) {
    const menu = [...dashboard.menu, { label: '导出测试', key: PAGE, path: `/${PAGE}` }];
    const pages = { ...dashboard.pages, [PAGE]: { charts: benchWidgets() } };
    await call('POST', 'project', { ...dashboard, menu, pages, revision: source.revision });
  }
  await call('POST', 'project_publish');
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    p50: Math.round(percentile(sorted, 0.5)),
    p95: Math.round(percentile(sorted, 0.95)),
    max: Math.round(sorted[sorted.length - 1]!),
  };
};

/** Resident memory of a process in MB: now (VmRSS), or at its peak (VmHWM). */
async function rssMb(pid: number, which: 'VmRSS' | 'VmHWM' = 'VmRSS'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${which}:\\s+(\\d+) kB`).exec(status)![1]) / 1024;
}

/** Sets the kernel's record of a process's peak resident memory (VmHWM) to what it holds now. */
const resetPeakRss = (pid: number) => writeFile(`/proc/${pid}/clear_refs`, '5');

/**
 * At `posts` posts: a 12-widget page to pptx, to docx and to PDF, cold (each run a range no cache
 * holds) and right after viewing the page (its answers cached); an offline xlsx of about
 * `exportRows` posts, twice: rows per second, how far the server's resident memory rose above
 * what it held before the job (the kernel's peak, so no sampling misses it) and /health's times
 * meanwhile.
 */
export async function benchExports(
  posts: number,
  runs: number,
  exportRows = 100_000,
  options: { cpuProfileDir?: string } = {},
) {
  const data = await loadData(posts);
  const server = await startLoadServer(data, undefined, options);
  try {
    const call = client(server.origin, await signIn(server.origin));
    await publishBenchPage(call);
    const month = (end: number) => queryState.parse({ start: end - 30 * DAY, end });

    const documents: Record<string, unknown> = {};
    for (const [name, path, key] of [
      ['pptx', 'customlay/dashdata', 'downloadUrl'],
      ['docx', 'api/r11zt/jdata', 'url'],
      ['pdf', EXPORTS_API.pdf.slice(1), 'url'],
    ] as const) {
      const cold: number[] = [];
      const warm: number[] = [];
      for (let run = 0; run < runs; run++) {
        const query = month(data.now - (run + 1) * MINUTE);
        let started = performance.now();
        const made = (await call('POST', path, { page: PAGE, query, now: data.now })) as Record<
          string,
          string
        >;
        cold.push(performance.now() - started);
        await call('POST', 'page_data', { page: PAGE, query, now: data.now });
        started = performance.now();
        await call('POST', path, { page: PAGE, query, now: data.now });
        warm.push(performance.now() - started);
        if (run === 0) {
          const file = await fetch(`${server.origin}${made[key]}`, {
            headers: { cookie: await signIn(server.origin) },
          });
          documents[`${name} bytes`] = (await file.arrayBuffer()).byteLength;
        }
      }
      documents[`${name} cold`] = summary(cold);
      documents[`${name} after viewing`] = summary(warm);
    }

    // The information page's search widget over the span that holds about 100,000 posts.
    const information = demoDashboard.pages.information!;
    const search = information.charts.find((chart) => chart.type === 'search-post')!;
    const spanQuery = (days: number) => ({
      ...pageQuery(information, data.now, TZ),
      start: data.now - days * DAY,
      end: data.now,
    });
    const totalOver = async (days: number) => {
      const page = (await call('POST', 'page_data', {
        page: 'information',
        query: spanQuery(days),
        now: data.now,
      })) as { widgets: Record<string, { data: { page: { total: number } } }> };
      return page.widgets[search.i]!.data.page.total;
    };
    let days = 1;
    while ((await totalOver(days)) < exportRows && days < 3650) days = Math.ceil(days * 1.25);
    const total = await totalOver(days);
    /** One offline xlsx of the span: its speed, the memory it added, /health meanwhile. */
    const writeXlsxJob = async () => {
      const before = await rssMb(server.pid);
      await resetPeakRss(server.pid);
      const started = performance.now();
      const { jobId } = (await call('POST', 'download/addJob', {
        page: 'information',
        query: spanQuery(days),
        now: data.now,
      })) as { jobId: string };
      type Job = { id: string; status: string; rows: number; size?: number; error?: string };
      const ended = (async () => {
        for (;;) {
          const { list } = (await call('GET', 'download/jobList')) as { list: Job[] };
          const job = list.find((entry) => entry.id === jobId);
          if (job?.status === 'done' || job?.status === 'failed') return job;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      // What the job costs everyone else: /health asked every 50 ms while it runs.
      const health = probeHealth(server.origin, ended);
      const job = await ended;
      const seconds = (performance.now() - started) / 1000;
      const peak = await rssMb(server.pid, 'VmHWM');
      if (job.status !== 'done') throw new Error(`xlsx job failed: ${job.error}`);
      return {
        rows: job.rows,
        seconds: Math.round(seconds * 10) / 10,
        rowsPerSecond: Math.round(job.rows / seconds),
        bytes: job.size,
        rssBeforeMb: Math.round(before),
        peakExtraRssMb: Math.round(peak - before),
        healthWhileWriting: await health,
      };
    };
    return {
      ...documents,
      xlsx: { days, total, ...(await writeXlsxJob()) },
      // The same file again: DuckDB holds the documents the first one read in its cache.
      'xlsx again': await writeXlsxJob(),
    };
  } finally {
    await server.close();
  }
}
