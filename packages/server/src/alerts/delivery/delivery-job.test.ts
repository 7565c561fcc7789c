import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertRuleInput, type Alert, type AlertRule, type ParsedAlertMessage } from '@yuqing/core';
import { FakeAlertReceivers, RECEIVER_DESTINATIONS } from '../../../test/fake-alert-receivers.js';
import { buildProject, type BuiltProject } from '../../../test/factories.js';
import { openTestStore, testStoreKinds } from '../../../test/stores.js';
import type { Store } from '../../store/index.js';
import { createAlertNotifier } from './alert-notifier.js';
import { ChannelVault } from './channel-vault.js';
import { JobRunner } from '../../jobs/job-runner.js';
import {
  DELIVERY_RETENTION_MS,
  DELIVERY_RETRY,
  DELIVERY_RETRY_DELAYS_MS,
  alertDeliveryJobKind,
} from './delivery-job.js';
import { SecretBox } from './secret-box.js';

const BASE_URL = 'https://yuqing.example.com';
const HOOK_SECRET = 'hook-secret';

const messageOf = (rule: AlertRule): ParsedAlertMessage => ({
  ruleName: rule.name,
  level: 'info',
  raisedAt: 0,
  timeZone: 'Asia/Shanghai',
  window: { from: 0, to: 0 },
  numbers: { measure: 'count', current: 1, baseline: 0 },
  topPosts: [],
  topWords: [],
  platforms: [],
  link: BASE_URL,
});

describe.each(testStoreKinds())('alert delivery on %s', (kind) => {
  let store: Store;
  let project: BuiltProject;
  let receivers: FakeAlertReceivers;
  let vault: ChannelVault;
  let worker: JobRunner;
  const clock = { offset: 0 };

  beforeAll(async () => {
    store = await openTestStore(kind);
    project = await buildProject(store);
    receivers = await FakeAlertReceivers.start({ webhook: HOOK_SECRET });
    vault = new ChannelVault(store, new SecretBox(randomBytes(32)));
    worker = new JobRunner(store, { clock: () => Date.now() + clock.offset }).register(
      alertDeliveryJobKind({
        store,
        vault,
        destinations: RECEIVER_DESTINATIONS,
        logError: () => {},
      }),
    );
    await worker.start();
  });
  const ruleOf = (name: string): Promise<AlertRule> =>
    store.alertRules.add(
      project.id,
      alertRuleInput.parse({
        name,
        level: 'critical',
        condition: { kind: 'volume', threshold: 100 },
      }),
    );

  function alertOf(rule: AlertRule): Promise<Alert> {
    const now = Date.now();
    return store.alerts.raise({
      projectId: project.id,
      ruleId: rule._id,
      ruleName: rule.name,
      level: rule.level,
      at: now,
      startedAt: now - 3_600_000,
      firedAt: now,
      content: {
        measure: {
          window_start: now - 3_600_000,
          window_end: now,
          value: 240,
          threshold: 100,
          count: 240,
          baseline: null,
          terms: [],
        },
        top_posts: [],
        top_words: [{ name: '召回', value: 30 }],
        platforms: [{ name: '微博', value: 200 }],
        first_post: null,
        link: '/demo/acme/brand/latest/#/overview?query=1',
      },
    });
  }

  afterAll(async () => {
    await worker.stop();
    await receivers.close();
    await store.close();
  });

  /** A rule with one WeCom channel, notified of an alert; its sends delivered once. */
  async function notifyWecom(key: string) {
    const rule = await ruleOf(`规则 ${key}`);
    await vault.replace(project.id, rule._id, [
      { kind: 'wecom', url: receivers.url(`/wecom?key=${key}`) },
    ]);
    const raised = await alertOf(rule);
    const notify = createAlertNotifier(store, {
      baseUrl: BASE_URL,
      wake: () => worker.wake('alert-delivery'),
    });
    await notify(raised, rule, project.id);
    await worker.idle();
    const [send] = await store.alertDeliveries.ofAlert(raised._id);
    return {
      rule,
      send: send!,
      calls: () => receivers.calls.filter((c) => c.query.get('key') === key),
    };
  }

  const attemptsOf = async (id: string) => (await store.jobs.find(id))!.attempts;

  async function runAt(offset: number) {
    clock.offset = offset;
    worker.wake('alert-delivery');
    await worker.idle();
  }

  it("queues a send per channel of the alert's rule and delivers each with the alert's link", async () => {
    const rule = await ruleOf('品牌声量');
    await vault.replace(project.id, rule._id, [
      { kind: 'wecom', url: receivers.url('/wecom?key=both') },
      { kind: 'webhook', url: receivers.url('/hook/both'), secret: HOOK_SECRET },
    ]);
    const raised = await alertOf(rule);
    await createAlertNotifier(store, {
      baseUrl: BASE_URL,
      wake: () => worker.wake('alert-delivery'),
    })(raised, rule, project.id);
    await worker.idle();

    const sends = await store.alertDeliveries.ofAlert(raised._id);
    expect(sends.map((send) => send.state)).toEqual(['sent', 'sent']);
    for (const send of sends) expect(await attemptsOf(send.id)).toBe(1);
    const link = `${BASE_URL}/demo/acme/brand/latest/#/overview?query=1`;
    const wecom = receivers.bodies('/wecom').at(-1) as { markdown: { content: string } };
    expect(wecom.markdown.content).toContain('【舆情预警·严重】品牌声量');
    expect(wecom.markdown.content).toContain(`[查看详情](${link})`);
    const hook = receivers.bodies('/hook/both').at(-1) as {
      event: string;
      alert: { link: string };
    };
    expect(hook).toMatchObject({ event: 'alert', alert: { link, ruleName: '品牌声量' } });
  });

  it('sends nothing for a rule without channels', async () => {
    const rule = await ruleOf('无渠道');
    const raised = await alertOf(rule);
    await createAlertNotifier(store, {
      baseUrl: BASE_URL,
      wake: () => worker.wake('alert-delivery'),
    })(raised, rule, project.id);
    expect(await store.alertDeliveries.ofAlert(raised._id)).toEqual([]);
  });

  it('tries again after a 500 once the backoff has passed, then delivers', async () => {
    receivers.queue({ status: 500 });
    const { rule, send, calls } = await notifyWecom('retry');
    expect(send).toMatchObject({ state: 'pending', last_error: '企业微信返回 HTTP 500' });
    expect(await attemptsOf(send.id)).toBe(1);
    expect(await store.alertDeliveries.lastErrors(rule._id)).toMatchObject([
      { kind: 'wecom', error: '企业微信返回 HTTP 500', state: 'retrying' },
    ]);

    await runAt(DELIVERY_RETRY_DELAYS_MS[0] - 5_000);
    expect(calls()).toHaveLength(1);
    await runAt(DELIVERY_RETRY_DELAYS_MS[0] + 5_000);
    expect(calls()).toHaveLength(2);
    const [delivered] = await store.alertDeliveries.ofAlert(send.alert_id);
    expect(delivered).toMatchObject({ state: 'sent', last_error: null });
    expect(await attemptsOf(send.id)).toBe(2);
    expect(await store.alertDeliveries.lastErrors(rule._id)).toEqual([]);
    clock.offset = 0;
  });

  it('gives up at once after a 400, and the rule shows why', async () => {
    receivers.queue({ status: 400 });
    const { rule, send, calls } = await notifyWecom('refused');
    expect(send).toMatchObject({ state: 'failed' });
    expect(await attemptsOf(send.id)).toBe(1);
    await runAt(3_600_000);
    expect(calls()).toHaveLength(1);
    const [channel] = await store.alertChannels.list(project.id, rule._id);
    expect(await store.alertDeliveries.lastErrors(rule._id)).toEqual([
      {
        channelId: channel!.id,
        kind: 'wecom',
        error: '企业微信返回 HTTP 400',
        at: expect.any(Number),
        state: 'failed',
      },
    ]);
    clock.offset = 0;
  });

  it('gives up after its retries when the channel keeps failing', async () => {
    receivers.queue({ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    const { send, calls } = await notifyWecom('down');
    let offset = 0;
    for (const delay of DELIVERY_RETRY_DELAYS_MS) {
      offset += delay + 1_000;
      await runAt(offset);
    }
    expect(calls()).toHaveLength(DELIVERY_RETRY_DELAYS_MS.length + 1);
    const [last] = await store.alertDeliveries.ofAlert(send.alert_id);
    expect(last).toMatchObject({ state: 'failed', last_error: '企业微信返回 HTTP 503' });
    expect(await attemptsOf(send.id)).toBe(4);
    clock.offset = 0;
  });

  it('queues a send as a job of its own id, which one runner at a time may hold', async () => {
    const rule = await ruleOf('租约');
    const [channel] = await vault.replace(project.id, rule._id, [
      { kind: 'wecom', url: receivers.url('/wecom?key=lease') },
    ]);
    const { _id: alertId } = await alertOf(rule);
    await store.alertDeliveries.enqueue(
      [{ projectId: project.id, alertId, channelId: channel!.id, message: messageOf(rule) }],
      new Date(Date.now() + 3_600_000),
    );
    const [send] = await store.alertDeliveries.ofAlert(alertId);
    const due = new Date(Date.now() + 3_600_000);
    const lease = { owner: 'a', until: new Date(due.getTime() + 60_000) };
    const claim = (now: Date, owner: string) =>
      store.jobs.claim('alert-delivery', DELIVERY_RETRY.attempts, now, {
        owner,
        until: new Date(now.getTime() + 60_000),
      });
    expect(await claim(due, lease.owner)).toMatchObject({ id: send!.id, attempts: 1 });
    expect(await claim(due, 'b')).toBeUndefined();
    const later = new Date(lease.until.getTime() + 1_000);
    expect(await claim(later, 'b')).toMatchObject({ id: send!.id, claimed_by: 'b', attempts: 2 });
  });

  it("lists the failing channels of the project's rules in one read", async () => {
    const errors = await store.alertDeliveries.lastErrorsOfProject(project.id);
    expect(errors.map((error) => error.error).sort()).toEqual([
      '企业微信返回 HTTP 400',
      '企业微信返回 HTTP 503',
    ]);
    for (const { ruleId, ...error } of errors) {
      expect(await store.alertDeliveries.lastErrors(ruleId)).toEqual([error]);
    }
    const elsewhere = await buildProject(store);
    expect(await store.alertDeliveries.lastErrorsOfProject(elsewhere.id)).toEqual([]);
  });

  it('deletes sends that ended more than 30 days ago and keeps those still due', async () => {
    const { send } = await notifyWecom('old');
    const rule = await ruleOf('待发送');
    const [channel] = await vault.replace(project.id, rule._id, [
      { kind: 'wecom', url: receivers.url('/wecom?key=later') },
    ]);
    const { _id: dueId } = await alertOf(rule);
    const later = Date.now() + DELIVERY_RETENTION_MS + 86_400_000;
    await store.alertDeliveries.enqueue(
      [{ projectId: project.id, alertId: dueId, channelId: channel!.id, message: messageOf(rule) }],
      new Date(later),
    );

    await runAt(DELIVERY_RETENTION_MS + 3_600_000);
    expect(await store.alertDeliveries.ofAlert(send.alert_id)).toEqual([]);
    expect(await store.alertDeliveries.lastErrorsOfProject(project.id)).toEqual([]);
    expect(await store.alertDeliveries.ofAlert(dueId)).toMatchObject([{ state: 'pending' }]);
    clock.offset = 0;
  });
});
