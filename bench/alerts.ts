import { ALERTS_API, alertRuleInput, type AlertRule, type AlertRuleInput } from '@yuqing/core';
import {
  DEMO_SCOPE as SCOPE,
  overviewViewer,
  signInAdmin,
  sleep,
  summary,
  type PageTime,
} from './bench-server.js';
import { loadData, startLoadServer, withStore, type LoadData } from './load-data.js';

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

/** A team at work: users each opening a page, then reading it for two seconds. */
const TEAM_USERS = 4;
const THINK_MS = 2_000;
/** A round not done by then (under saturation) is reported with the rules it checked. */
const ROUND_LIMIT_MS = 240_000;

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

const durations = (pages: readonly PageTime[]) => pages.map((page) => page.end - page.start);

/**
 * Rounds of the server's own scheduler over the 100 rules, timed from the first check to the
 * last, under a dashboard load: none, a team (TEAM_USERS users each opening the overview every
 * THINK_MS), or one client asking without pause. The first round starts with the server (every
 * rule due); each further one when the rules, saved again disabled (due now), are enabled (taken
 * up at the scheduler's next look, within 30 s). Under load, the overview's page_data times of pages that
 * overlapped a round, against as many pages after the rounds, when no rule is due.
 */
async function rounds(data: LoadData, load: DashboardLoad, count: number) {
  await dueBenchRules(data);
  const server = await startLoadServer(data);
  try {
    const origin = server.origin;
    const cookie = await signInAdmin(origin);
    const send = async (method: 'PUT' | 'POST', path: string, body: object) => {
      const response = await fetch(`${origin}/api/v1${path}?${SCOPE}`, {
        method,
        headers: { 'content-type': 'application/json', cookie, origin },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
    };
    const rules = async () => {
      const response = await fetch(`${origin}/api/v1/alert_rules?${SCOPE}`, {
        headers: { cookie },
      });
      return ((await response.json()) as { data: AlertRule[] }).data;
    };
    const viewer = overviewViewer(origin, cookie);
    /** Runs the load until `until` resolves; answers the pages. */
    const drive = async (until: Promise<unknown>) => {
      const pages: PageTime[] = [];
      let done = false;
      void until.then(() => (done = true));
      const user = async (delay: number) => {
        if (load === 'team') await sleep(delay);
        while (!done) {
          const shown = await viewer.open();
          pages.push(shown);
          if (load === 'team') await sleep(Math.max(0, THINK_MS - (shown.end - shown.start)));
        }
      };
      const users = load === 'team' ? TEAM_USERS : 1;
      await Promise.all(Array.from({ length: users }, (_, i) => user((i * THINK_MS) / users)));
      return pages;
    };

    const spans: PageTime[] = [];
    /** The bench's own saves between rounds: pages beside them are not counted. */
    const setups: PageTime[] = [];
    const checkedCounts: number[] = [];
    const allRounds = (async () => {
      for (let round = 0; round < count; round++) {
        if (round > 0) {
          const setup = Date.now();
          // Saved disabled, every rule is due now and taken by nobody; enabled, all at once.
          const saved = await rules();
          for (const rule of saved)
            await send('PUT', ALERTS_API.rules, { ...rule, enabled: false });
          for (const rule of saved) {
            await send('POST', ALERTS_API.enableRule, { _id: rule._id, enabled: true });
          }
          setups.push({ start: setup, end: Date.now() });
        }
        const since = round === 0 ? 0 : Date.now();
        const roundStarted = Date.now();
        let checked: number[];
        for (;;) {
          checked = (await rules())
            .map((rule) => rule.last_checked_at)
            .filter((at): at is number => at !== null && at >= since);
          if (checked.length === 100 || Date.now() - roundStarted > ROUND_LIMIT_MS) break;
          await sleep(250);
        }
        checkedCounts.push(checked.length);
        spans.push({ start: Math.min(...checked), end: Date.now() });
        if (checked.length < 100) return;
      }
    })();
    const pages = load === 'none' ? (await allRounds, []) : await drive(allRounds);
    const overlaps = (p: PageTime, s: PageTime) => p.start < s.end && p.end > s.start;
    const during = pages.filter(
      (p) => spans.some((s) => overlaps(p, s)) && !setups.some((s) => overlaps(p, s)),
    );
    const after =
      load === 'none'
        ? []
        : await drive(waitForPages(() => viewer.views, viewer.views + during.length));
    const roundSeconds = spans.map((s) => Math.round((s.end - s.start) / 100) / 10);
    const alerts = await fetch(`${origin}/api/v1/alerts?${SCOPE}&size=1`, { headers: { cookie } });
    const raised = ((await alerts.json()) as { data: { total: number } }).data.total;
    return {
      load,
      rulesChecked: checkedCounts,
      roundSeconds,
      alertsRaised: raised,
      ...(load !== 'none' && {
        pageDataWhileChecking: summary(durations(during)),
        pageDataAfter: summary(durations(after)),
      }),
    };
  } finally {
    await server.close();
  }
}

/** Resolves once `views()` reaches `target`. */
async function waitForPages(views: () => number, target: number) {
  while (views() < target) await sleep(100);
}

/**
 * 100 rules over the demo project of `posts` posts, checked by the server's scheduler: three
 * rounds on a quiet server, ten beside a team's dashboard use, and one beside a client asking
 * for the overview page without pause (the checker gives way to dashboards, so it takes longer).
 */
export async function benchAlerts(posts: number) {
  const data = await loadData(posts);
  const result = {
    posts,
    rules: 100,
    quiet: await rounds(data, 'none', 3),
    team: await rounds(data, 'team', 10),
    saturated: await rounds(data, 'saturated', 1),
  };
  console.error(JSON.stringify(result));
  return result;
}
