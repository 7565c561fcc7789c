import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  alertRuleInput,
  queryState,
  reportTheme,
  scheduleInput,
  type ScheduleInput,
  type ScheduleRun,
} from '@yuqing/core';
import Fastify from 'fastify';
import { ChannelVault } from '../alerts/delivery/channel-vault.js';
import { SecretBox } from '../alerts/delivery/secret-box.js';
import type { DuckDbEngine } from '../engine/duckdb/engine.js';
import { ExportFiles } from '../export/export-files.js';
import { Exports } from '../export/exports.js';
import { Reports } from '../export/reports.js';
import { PostImporter } from '../ingest/importer.js';
import { JobRunner } from '../jobs/job-runner.js';
import { AnswerCache } from '../search/answer-cache.js';
import { seedDemoPosts } from '../seed/demo-posts.js';
import { DEMO, seedIfEmpty } from '../seed/seed.js';
import { presentRun } from '../store/report-schedules.repo.js';
import type { ScheduleRow, Store } from '../store/index.js';
import { openTestEngine } from '../../test/engines.js';
import { buildUser } from '../../test/factories.js';
import { FakeAlertReceivers, RECEIVER_DESTINATIONS } from '../../test/fake-alert-receivers.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.js';
import { openTestStore } from '../../test/stores.js';
import { ChatModel } from '../llm/chat-model.js';
import { ReportSummaryWriter } from '../llm/report-summary-writer.js';
import { reportSendJobKind } from './send-job.js';

const MINUTE = 60_000;

describe('a scheduled report’s run', () => {
  let store: Store;
  let engine: DuckDbEngine;
  let importer: PostImporter;
  let files: ExportFiles;
  let receivers: FakeAlertReceivers;
  let model: FakeOpenAi;
  let schedule: ScheduleRow;
  /** The same, sending to WeCom alone. */
  let wecomOnly: ScheduleRow;
  /** A weekly one whose reports take a template's look, sending nowhere. */
  let templated: ScheduleRow;
  let template: Awaited<ReturnType<Store['reports']['create']>>;
  const clock = { now: Date.now() };
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    store = await openTestStore('pglite');
    engine = await openTestEngine();
    importer = new PostImporter(engine, 1);
    await seedIfEmpty(store);
    await seedDemoPosts(store, engine, importer, 200);
    const project = (await store.tenancy.findProject(DEMO))!;
    const admin = await buildUser(store, { project: { id: project.id, ...DEMO }, role: 'admin' });
    receivers = await FakeAlertReceivers.start({ webhook: 'hook-secret' });
    // The second sentence states a number the sources do not hold: the check drops it.
    model = await startFakeOpenAi(() => ({
      content: '本期舆情总体平稳，互动集中在热门信息。[1][9]\n\n负面信息多达 98765 条。[2]',
    }));
    files = new ExportFiles('memory://');
    const vault = new ChannelVault(store, new SecretBox(randomBytes(32)));
    const rule = await store.alertRules.add(
      project.id,
      alertRuleInput.parse({ name: '日报渠道', condition: { kind: 'volume', threshold: 10 } }),
    );
    const channels = await vault.replace(project.id, rule._id, [
      { kind: 'wecom', url: receivers.url('/wecom?key=k') },
      { kind: 'webhook', url: receivers.url('/hook'), secret: 'hook-secret' },
    ]);
    const addSchedule = (channelIds: string[], patch: Partial<ScheduleInput> = {}) =>
      store.reportSchedules.add(
        { projectId: project.id, subjectId: '' },
        { id: admin.id, name: '管理员' },
        scheduleInput.parse({
          name: '品牌日报',
          page: 'overview',
          frequency: 'daily',
          formats: ['pdf'],
          channel_ids: channelIds,
          ...patch,
        }),
        new Date(clock.now + 86_400_000),
      );
    schedule = await addSchedule(channels.map((channel) => channel.id));
    wecomOnly = await addSchedule([channels[0]!.id]);
    template = await store.reports.create({
      projectId: project.id,
      subjectId: '',
      title: '周报模板',
      desc: '本报告由舆情中心编制，仅供内部参考。',
      header_text: '星河汽车舆情周报',
      header_img: null,
      logo_img: null,
      theme: reportTheme.parse({ primaryColor: '#C00000', bgColor: '#FFFFFF' }),
      charts: [],
      aggsData: {},
      chartSource: {
        page: 'overview',
        query: queryState.parse({ start: clock.now - 7 * 86_400_000, end: clock.now }),
        now: clock.now,
        range: '',
        filters: [],
      },
      pageAdminOnly: false,
      author: { id: admin.id, name: '管理员' },
    });
    templated = await addSchedule([], {
      name: '品牌周报',
      frequency: 'weekly',
      formats: [],
      template: template.id,
    });
    const runner = { engine, answers: new AnswerCache(() => engine.writeGeneration) };
    const exports = new Exports({ store, runner, files, retentionDays: 7 });
    runners.push(
      new JobRunner(store, { clock: () => clock.now, pollMs: 3_600_000 }).register(
        reportSendJobKind({
          store,
          reports: new Reports({ store, runner, exports }),
          files,
          runner,
          vault,
          destinations: RECEIVER_DESTINATIONS,
          baseUrl: 'https://yuqing.example.com',
          model: {
            writer: new ReportSummaryWriter(
              new ChatModel(
                { baseUrl: model.url, apiKey: 'sk-brief', models: { gpt4: 'large-model' } },
                10_000,
              ),
            ),
            // A server's log with logging off: the model's calls write nowhere.
            log: Fastify().log,
          },
          logError: () => {},
        }),
      ),
    );
    await runners[0]!.start();
  }, 120_000);
  afterEach(() => {
    receivers.calls.length = 0;
  });
  afterAll(async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
    await receivers.close();
    await model.close();
    await files.close();
    await importer.close();
    await engine.close();
    await store.close();
  });

  async function pass(): Promise<void> {
    runners[0]!.wake('report-send');
    await runners[0]!.idle();
  }
  const runOf = async (id: string): Promise<ScheduleRun> =>
    presentRun((await store.reportSchedules.run(id))!);
  const startRun = async (of = schedule, days = 1) =>
    (await store.reportSchedules.startRun(
      of,
      { start: clock.now - days * 86_400_000, end: clock.now },
      true,
      new Date(clock.now),
    ))!;

  it('tries a failing channel again after its backoff, and sends to the others once', async () => {
    receivers.queue({ status: 502 });
    const id = await startRun();
    await pass();
    let run = await runOf(id);
    expect(run).toMatchObject({ status: 'running', attempts: 1 });
    expect(run.error).toMatch(/^1 个接收方发送失败：日报渠道 · 企业微信（.*502/);
    expect(run.recipients).toMatchObject([
      { name: '日报渠道 · 企业微信', ok: false },
      { name: '日报渠道 · Webhook', ok: true },
    ]);
    expect(run.report_id).not.toBeNull();
    expect(run.files).toMatchObject([{ format: 'pdf' }]);
    expect((await store.jobs.find(id))?.next_run_at.getTime()).toBe(clock.now + MINUTE);

    clock.now += MINUTE;
    await pass();
    run = await runOf(id);
    expect(run).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(run.recipients.every((recipient) => recipient.ok)).toBe(true);
    expect(receivers.calls.map((call) => call.path)).toEqual(['/wecom', '/hook', '/wecom']);
  });

  it('fails the run with the channel’s error once its tries are spent', async () => {
    receivers.queue(...Array.from({ length: 4 }, () => ({ status: 503 })));
    const id = await startRun(wecomOnly);
    const reports: (string | null)[] = [];
    for (const wait of [0, 1, 2, 4]) {
      clock.now += wait * MINUTE;
      await pass();
      reports.push((await runOf(id)).report_id);
    }
    const run = await runOf(id);
    expect(run).toMatchObject({ status: 'failed', attempts: 4 });
    expect(run.error).toMatch(/^1 个接收方发送失败：日报渠道 · 企业微信（.*503/);
    expect(run.finished_at).not.toBeNull();
    expect(receivers.calls.map((call) => call.path)).toEqual(Array(4).fill('/wecom'));
    // The report and its file were made once, however many tries.
    expect(new Set(reports).size).toBe(1);
    expect(run.files).toHaveLength(1);
  });

  it('carries the first lines of the model’s checked brief, without its invented number', async () => {
    const id = await startRun(wecomOnly, 30);
    await pass();
    expect((await runOf(id)).status).toBe('sent');
    const body = receivers.bodies('/wecom').at(-1) as { markdown: { content: string } };
    expect(body.markdown.content).toContain('**AI 摘要：**本期舆情总体平稳，互动集中在热门信息。');
    expect(body.markdown.content).not.toContain('98765');
    expect(body.markdown.content).not.toMatch(/\[\d+\]/);
    expect(model.requests.at(-1)?.body.messages.at(-1)?.content).toMatch(
      /^统计数字：\n\[1\] 本期共监测到/,
    );
  });
  it('makes its report in its template’s look, and in the page’s own once the template is gone', async () => {
    const reportOf = async (runId: string) =>
      (await store.reports.find((await runOf(runId)).report_id!))!;
    const id = await startRun(templated, 7);
    await pass();
    expect((await runOf(id)).status).toBe('sent');
    const made = await reportOf(id);
    expect(made).toMatchObject({
      description: template.description,
      header_text: '星河汽车舆情周报',
      theme: { primaryColor: '#C00000', bgColor: '#FFFFFF' },
    });
    expect(made.title).toMatch(/^品牌周报（/);
    expect(made.aggs_data).not.toEqual({});

    await store.reports.remove(template.id);
    const after = await startRun(templated, 14);
    await pass();
    expect(await reportOf(after)).toMatchObject({ description: '', header_text: '' });
  });
});
