import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SCHEDULES_API, localParts, type SchedulesAnswer } from '@yuqing/core';
import {
  DEMO_SCOPE,
  overviewViewer,
  signInAdmin,
  sleep,
  summary,
  type PageTime,
} from './bench-server.js';
import { loadData, startLoadServer, withStore } from './load-data.js';

const TZ = 'Asia/Shanghai';
const SCHEDULES = 100;
/** The target: every schedule due at one minute delivered within this. */
const DELIVERY_LIMIT_MS = 5 * 60_000;
/** A team at work beside the sends: users each opening the overview, reading it two seconds. */
const TEAM_USERS = 4;
const THINK_MS = 2_000;
/** The address the webhook receiver listens on; the server is opened to it alone. */
const RECEIVER = '127.0.0.2';

/** A webhook receiver that notes when each report arrived. */
async function startReceiver() {
  const arrivals: number[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      arrivals.push(Date.now());
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, RECEIVER, resolve));
  return {
    arrivals,
    url: `http://${RECEIVER}:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * 100 daily schedules of the demo overview as PDF to one webhook, all due at the same minute, on
 * the demo project of `posts` posts, beside a team using the dashboard: how long until every
 * report arrived (target: 5 minutes), and the overview's page_data times while they were sent
 * against as many pages after.
 */
export async function benchSchedules(posts: number) {
  const data = await loadData(posts);
  await withStore(data, async (store) => {
    const project = await store.tenancy.findProject({
      repository: 'yuqing',
      customer: 'demo',
      project: 'demo',
    });
    const scope = { projectId: project!.id, subjectId: '' };
    for (const schedule of await store.reportSchedules.list(scope))
      await store.reportSchedules.remove(scope, schedule.id);
  });
  const receiver = await startReceiver();
  process.env.ALERT_SECRET_KEY ??= randomBytes(32).toString('hex');
  process.env.ALERT_ALLOWED_NETWORKS = RECEIVER;
  const server = await startLoadServer(data);
  try {
    const origin = server.origin;
    const cookie = await signInAdmin(origin);
    const call = async (method: string, path: string, body?: object, query = '') => {
      const response = await fetch(`${origin}/api/v1${path}?${DEMO_SCOPE}${query}`, {
        method,
        headers: { 'content-type': 'application/json', cookie, origin },
        ...(body && { body: JSON.stringify(body) }),
      });
      if (!response.ok)
        throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { data: unknown }).data;
    };
    const rule = (await call('POST', '/alert_rules', {
      name: '定时报告渠道',
      enabled: false,
      condition: { kind: 'volume', threshold: 10 },
    })) as { _id: string };
    const channels = (await call(
      'PUT',
      '/alerts/channels',
      { channels: [{ kind: 'webhook', url: receiver.url, secret: 'bench-secret' }] },
      `&rule_id=${rule._id}`,
    )) as { channels: { id: string }[] };

    // Due at the start of a minute at least 90 s away, for the saves to finish before it.
    const dueAt = Math.ceil((Date.now() + 90_000) / 60_000) * 60_000;
    const local = localParts(dueAt, TZ);
    const time = `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`;
    for (let i = 0; i < SCHEDULES; i++)
      await call('POST', SCHEDULES_API.schedules, {
        name: `日报 ${i + 1}`,
        page: 'overview',
        frequency: 'daily',
        time,
        formats: ['pdf'],
        channel_ids: [channels.channels[0]!.id],
      });

    const viewer = overviewViewer(origin, cookie);
    const team = async (until: () => boolean) => {
      const pages: PageTime[] = [];
      const user = async (delay: number) => {
        await sleep(delay);
        while (!until()) {
          const shown = await viewer.open();
          pages.push(shown);
          await sleep(Math.max(0, THINK_MS - (shown.end - shown.start)));
        }
      };
      await Promise.all(
        Array.from({ length: TEAM_USERS }, (_, i) => user((i * THINK_MS) / TEAM_USERS)),
      );
      return pages;
    };

    const delivered = () =>
      receiver.arrivals.length >= SCHEDULES || Date.now() > dueAt + 2 * DELIVERY_LIMIT_MS;
    const pages = await team(delivered);
    const lastArrival = Math.max(...receiver.arrivals);
    const during = pages.filter((shown) => shown.end > dueAt && shown.start < lastArrival);
    const afterStart = viewer.views;
    const after = await team(() => viewer.views >= afterStart + during.length);
    const { schedules } = (await call('GET', SCHEDULES_API.schedules)) as SchedulesAnswer;
    const result = {
      posts,
      schedules: SCHEDULES,
      delivered: receiver.arrivals.length,
      failed: schedules.filter((one) => one.last_run?.status === 'failed').length,
      firstArrivalSeconds: Math.round((Math.min(...receiver.arrivals) - dueAt) / 100) / 10,
      allDeliveredSeconds: Math.round((lastArrival - dueAt) / 100) / 10,
      withinTarget:
        receiver.arrivals.length === SCHEDULES && lastArrival - dueAt <= DELIVERY_LIMIT_MS,
      pageDataWhileSending: summary(during.map((shown) => shown.end - shown.start)),
      pageDataAfter: summary(after.map((shown) => shown.end - shown.start)),
    };
    console.error(JSON.stringify(result));
    return result;
  } finally {
    await server.close();
    await receiver.close();
  }
}
