import { createHash } from 'node:crypto';
import { alertRuleInput, pageQuery, type AlertRule, type AlertRuleInput } from '@yuqing/core';
import { demoDashboard } from '../packages/server/src/seed/demo-dashboard.js';
import { BENCH_ADMIN_PASSWORD, percentile } from './bench-server.js';
import { loadData, startLoadServer, withStore } from './load-data.js';

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

/**
 * 100 rules over the demo project of `posts` posts: the server's own scheduler checks them all
 * when it starts (every rule is due), timed from the first check to the last, while the overview
 * page's page_data is asked again and again; then the same page without the checker.
 */
export async function benchAlerts(posts: number) {
  const data = await loadData(posts);
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
    const overview = async (run: number) => {
      const base = pageQuery(page, Date.now(), TZ);
      const query = { ...base, start: base.start - run * 60_000 };
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

    const during: number[] = [];
    let checked: AlertRule[] = [];
    for (let run = 0; ; run++) {
      during.push(await overview(run));
      checked = (await rules()).filter((rule) => rule.last_checked_at !== null);
      if (checked.length === 100) break;
    }
    const firstCheck = Math.min(...checked.map((rule) => rule.last_checked_at!));
    const roundMs = Date.now() - firstCheck;
    const after: number[] = [];
    for (let run = 0; run < Math.max(10, during.length); run++)
      after.push(await overview(1000 + run));
    const alerts = await fetch(`${origin}/api/v1/alerts?${SCOPE}&size=1`, { headers: { cookie } });
    const raised = ((await alerts.json()) as { data: { total: number } }).data.total;
    const result = {
      posts,
      rules: 100,
      roundSeconds: Math.round(roundMs / 100) / 10,
      alertsRaised: raised,
      pageDataWhileChecking: summary(during),
      pageDataAfter: summary(after),
    };
    console.error(JSON.stringify(result));
    return result;
  } finally {
    await server.close();
  }
}
