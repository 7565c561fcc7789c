import { createHash } from 'node:crypto';
import { alertRuleInput, pageQuery, type AlertRule, type AlertRuleInput } from '@yuqing/core';
import { demoDashboard } from '../packages/server/src/seed/demo-dashboard.js';
import { BENCH_ADMIN_PASSWORD, percentile } from './bench-server.js';
import { loadData, startLoadServer, withStore, type LoadData } from './load-data.js';

const SCOPE = 'repository=yuqing&customer=demo&project=demo';
const TZ = 'Asia/Shanghai';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const KEYWORDS = ['续航', '售后', '召回', '降价', '充电', '口碑', '投诉', '车主', '质量', '安全'];
const PLATFORMS = ['Weibo', 'WeChat', 'Douyin', 'News', 'Forum'];

/** 100 rules of every kind, over keywords, platforms and the whole project. */
function benchRules(): AlertRuleInput[] {
  const rules: unknown[] = [];
  const keyword = (i: number) => KEYWORDS[i % KEYWORDS.length]!;
  for (let i = 0; i < 30; i++)
    rules.push({
      name: `负面突增 ${i}`,
      query: { q: keyword(i) },
      condition: { kind: 'spike', measure: 'negative', window_minutes: 60 },
    });
  for (let i = 0; i < 20; i++)
    rules.push({
      name: `声量突增 ${i}`,
      query: { media_platform: [PLATFORMS[i % PLATFORMS.length]] },
      condition: { kind: 'spike', window_minutes: i % 2 ? 60 : 30 },
    });
  for (let i = 0; i < 20; i++)
    rules.push({
      name: `声量阈值 ${i}`,
      query: i % 2 ? { q: keyword(i) } : {},
      condition: { kind: 'volume', window_minutes: 60, threshold: 50 + i },
    });
  for (let i = 0; i < 10; i++)
    rules.push({
      name: `负面占比 ${i}`,
      query: { q: keyword(i) },
      condition: { kind: 'negative_share', threshold: 0.4 },
    });
  for (let i = 0; i < 10; i++)
    rules.push({
      name: `重要发文 ${i}`,
      query: { q: keyword(i) },
      condition:
        i % 2
          ? { kind: 'notable_post', media_levels: ['A', 'B'] }
          : { kind: 'notable_post', min_followers: 1_000_000 },
    });
  for (let i = 0; i < 10; i++)
    rules.push({
      name: `新词 ${i}`,
      query: i % 2 ? { q: keyword(i) } : {},
      condition: { kind: 'new_term', source: i % 3 ? 'words' : 'topics' },
    });
  return rules.map((rule) => alertRuleInput.parse({ interval_minutes: 5, ...(rule as object) }));
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    p50: Math.round(percentile(sorted, 0.5)),
    p95: Math.round(percentile(sorted, 0.95)),
  };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A team at work: users each opening a page, then reading it for two seconds. */
const TEAM_USERS = 4;
const THINK_MS = 2_000;
/** A round not done by then under saturation is reported as such. */
const SATURATED_LIMIT_MS = 240_000;

type DashboardLoad = 'none' | 'team' | 'saturated';

/** The demo project's rules replaced by the 100 bench rules, every one due at once. */
async function dueBenchRules(data: LoadData) {
  await withStore(data, async (store) => {
    const project = await store.tenancy.findProject({
      repository: 'yuqing',
      customer: 'demo',
      project: 'demo',
    });
    if (!project) throw new Error('no demo project');
    for (const rule of await store.alertRules.list(project.id))
      await store.alertRules.remove(project.id, rule._id);
    for (const rule of benchRules()) await store.alertRules.add(project.id, rule);
  });
}

/**
 * One round of the server's own scheduler over the 100 rules (all due when it starts), timed
 * from the first check to the last, under a dashboard load: none, a team (TEAM_USERS users each
 * opening the overview page every THINK_MS), or one client asking without pause. Under load,
 * the overview's page_data times while the round runs, then as many after it, without checks.
 */
async function round(data: LoadData, load: DashboardLoad) {
  await dueBenchRules(data);
  const server = await startLoadServer(data);
  try {
    const origin = server.origin;
    const login = await fetch(`${origin}/api/v1/login?${SCOPE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        username: 'admin',
        password: md5(BENCH_ADMIN_PASSWORD),
        customer: { code: 'demo', name: '' },
        timestamp: Date.now(),
      }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const rules = async () => {
      const response = await fetch(`${origin}/api/v1/alert_rules?${SCOPE}`, {
        headers: { cookie },
      });
      return ((await response.json()) as { data: AlertRule[] }).data;
    };
    const page = demoDashboard.pages.overview!;
    let runs = 0;
    // Each view a minute wider than the last: no answer comes from the answer cache.
    const overview = async () => {
      const base = pageQuery(page, Date.now(), TZ);
      const query = { ...base, start: base.start - runs++ * 60_000 };
      const started = performance.now();
      const response = await fetch(`${origin}/api/v1/page_data?${SCOPE}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin },
        body: JSON.stringify({ page: 'overview', query, now: Date.now() }),
      });
      if (!response.ok) throw new Error(`page_data: ${response.status}`);
      await response.arrayBuffer();
      return performance.now() - started;
    };
    /** Runs the load until `until` resolves; answers the page times. */
    const drive = async (until: Promise<unknown>) => {
      const times: number[] = [];
      let done = false;
      void until.then(() => (done = true));
      const user = async (delay: number) => {
        if (load === 'team') await sleep(delay);
        while (!done) {
          const started = performance.now();
          times.push(await overview());
          if (load === 'team') await sleep(Math.max(0, THINK_MS - (performance.now() - started)));
        }
      };
      const users = load === 'team' ? TEAM_USERS : 1;
      await Promise.all(Array.from({ length: users }, (_, i) => user((i * THINK_MS) / users)));
      return times;
    };

    const started = Date.now();
    let checked: AlertRule[] = [];
    const roundDone = (async () => {
      for (;;) {
        checked = (await rules()).filter((rule) => rule.last_checked_at !== null);
        if (checked.length === 100 || Date.now() - started > SATURATED_LIMIT_MS) return;
        await sleep(500);
      }
    })();
    const during = load === 'none' ? (await roundDone, []) : await drive(roundDone);
    const done = checked.map((rule) => rule.last_checked_at!);
    const roundMs = Math.max(...done) - Math.min(...done);
    const duringMs = Date.now() - started;
    const after =
      load === 'none' ? [] : await drive(sleep(Math.max(duringMs, load === 'team' ? 20_000 : 0)));
    const alerts = await fetch(`${origin}/api/v1/alerts?${SCOPE}&size=1`, { headers: { cookie } });
    const raised = ((await alerts.json()) as { data: { total: number } }).data.total;
    return {
      load,
      rulesChecked: checked.length,
      roundSeconds: Math.round(roundMs / 100) / 10,
      alertsRaised: raised,
      ...(load !== 'none' && {
        pageDataWhileChecking: summary(during),
        pageDataAfter: summary(after),
      }),
    };
  } finally {
    await server.close();
  }
}

/**
 * 100 rules over the demo project of `posts` posts, checked by the server's scheduler in three
 * rounds: on a quiet server, beside a team's dashboard use, and beside one client asking for the
 * overview page without pause (the checker gives way to dashboards, so that round takes longer).
 */
export async function benchAlerts(posts: number) {
  const data = await loadData(posts);
  const result = {
    posts,
    rules: 100,
    quiet: await round(data, 'none'),
    team: await round(data, 'team'),
    saturated: await round(data, 'saturated'),
  };
  console.error(JSON.stringify(result));
  return result;
}
