import {
  ALERT_CHANNEL_LABELS,
  SCHEDULE_MAIL_ATTACHMENT_MAX_BYTES,
  projectPath,
  reportTheme,
  type AlertChannelConfig,
  type ScheduleRecipient,
  type ScheduleRun,
} from '@yuqing/core';
import { readFile } from 'node:fs/promises';
import type { ChannelMessage } from '../alerts/delivery/channel-message.js';
import type { ChannelVault } from '../alerts/delivery/channel-vault.js';
import { DeliveryError } from '../alerts/delivery/delivery-error.js';
import { sendToChannel } from '../alerts/delivery/send-alert.js';
import type { ExportFiles } from '../export/export-files.js';
import type { Reports } from '../export/reports.js';
import { defineJobKind, exponentialBackoff } from '../jobs/job-kind.js';
import type { Destinations } from '../net/destination.js';
import { Refusal, messageOf, userMessageOf } from '../refusals.js';
import type { SearchRunner } from '../search/searcher.js';
import { scheduleInputOf } from '../store/report-schedules.repo.js';
import type { ScheduleRow, ScheduleRunRow, Store } from '../store/index.js';
import { periodBrief, type BriefModel } from './period-brief.js';
import { periodText, reportChannelMessage, type ReportDigest } from './report-message.js';
import { scheduleMember } from './schedule-member.js';

/** A run is tried 4 times: again after 1, 2 and 4 minutes. */
export const REPORT_SEND_RETRY = exponentialBackoff(4, 60_000);

export interface ReportSendDeps {
  store: Store;
  reports: Reports;
  files: ExportFiles;
  runner: SearchRunner;
  /** Without ALERT_SECRET_KEY no channel opens: runs still make their report and files. */
  vault: ChannelVault | undefined;
  destinations: Destinations;
  /** The product's address, which the report's link starts with. */
  baseUrl: string;
  /** With a language model, messages carry the first lines of its checked brief. */
  model?: BriefModel;
  /** Awaited before each run is claimed: runs wait for the pages users wait on. */
  giveWay?: () => Promise<void>;
  logError: (error: unknown, message: string) => void;
}

/** What a run has done, kept across its tries: nothing is made or sent twice. */
interface SendProgress {
  reportId?: string;
  files: (ScheduleRun['files'][number] & { downloadId: string })[];
  recipients: ScheduleRecipient[];
}

/** One place a run goes: a channel, or a subscriber's mailbox through the schedule's mail server. */
interface Target {
  name: string;
  /** Why it cannot be sent to at all (no later try mends it). */
  unusable?: string;
  channel?: AlertChannelConfig;
  mail: boolean;
}

/**
 * A schedule's run as a job kind (the job has the run's id): the period's report snapshot, its
 * files, then the message to each channel and subscriber. What was made or delivered is kept as
 * the job's progress, so a retry (after 1, 2, 4 minutes) sends only to those that failed.
 */
export function reportSendJobKind(deps: ReportSendDeps) {
  const { store } = deps;
  return defineJobKind({
    name: 'report-send',
    retry: REPORT_SEND_RETRY,
    retryable: (error) =>
      error instanceof DeliveryError ? error.retryable : !(error instanceof Refusal),
    describe(error) {
      const shown = error instanceof DeliveryError ? error.message : userMessageOf(error);
      if (shown === undefined) deps.logError(error, 'scheduled report failed');
      return shown ?? `发送出错：${messageOf(error)}`;
    },
    interrupted: '发送多次中断，已停止',
    ...(deps.giveWay && { beforeClaim: deps.giveWay }),
    async run({ id, attempt, progress, recordProgress, signal }) {
      const run = await store.reportSchedules.run(id);
      const schedule = run && (await store.reportSchedules.find(run.schedule_id));
      if (!run || !schedule) return;
      const done = (progress as SendProgress | null) ?? { files: [], recipients: [] };
      const save = async () => {
        await recordProgress(done);
        await store.reportSchedules.recordRun(id, {
          report_id: done.reportId ?? null,
          files: done.files.map(({ format, name, size }) => ({ format, name, size })),
          recipients: done.recipients,
        });
      };
      await store.reportSchedules.recordRun(id, { attempts: attempt });
      const sent = await sendRun(deps, schedule, run, done, save, signal);
      const failed = done.recipients.filter((recipient) => !recipient.ok);
      if (sent.retry) throw new DeliveryError(failureText(failed), true);
      await store.reportSchedules.recordRun(id, {
        status: failed.length ? 'failed' : 'sent',
        error: failed.length ? failureText(failed) : null,
        finished: true,
      });
    },
    failed: (job, error, retryAt) =>
      store.reportSchedules.recordRun(job.id, {
        error,
        ...(retryAt === undefined && { status: 'failed' as const, finished: true }),
      }),
  });
}

const failureText = (failed: readonly ScheduleRecipient[]) =>
  `${failed.length} 个接收方发送失败：${failed.map((recipient) => `${recipient.name}（${recipient.error ?? '失败'}）`).join('；')}`;

/**
 * The look of a run's report: its template's (description, header, images, theme) while the
 * template is still one of the schedule's project's reports, else the page's own.
 */
async function reportLook(store: Store, schedule: ScheduleRow, templateId: string | null) {
  const template = templateId === null ? undefined : await store.reports.find(templateId);
  if (
    template &&
    template.project_id === schedule.project_id &&
    template.subject_id === schedule.subject_id
  )
    return {
      desc: template.description,
      header_text: template.header_text,
      header_img: template.header_img,
      logo_img: template.logo_img,
      theme: template.theme,
    };
  return {
    desc: '',
    header_text: '',
    header_img: null,
    logo_img: null,
    theme: reportTheme.parse({}),
  };
}

/** Makes what is not made yet and sends to whom it has not reached; answers whether to try again. */
async function sendRun(
  deps: ReportSendDeps,
  schedule: ScheduleRow,
  run: ScheduleRunRow,
  done: SendProgress,
  save: () => Promise<void>,
  signal: AbortSignal,
): Promise<{ retry: boolean }> {
  const { store, reports } = deps;
  const input = scheduleInputOf(schedule);
  const member = await scheduleMember(store, schedule);
  const timeZone = member.project.profile.timezone;
  const period = { start: run.period_start.getTime(), end: run.period_end.getTime() };
  const query = { ...input.query, start: period.start, end: period.end };
  const digestBase = {
    scheduleName: input.name,
    timing: {
      frequency: input.frequency,
      weekday: input.weekday,
      day: input.day,
      time: input.time,
      range: input.range,
      last_days: input.last_days,
    },
    timeZone,
    period,
  };
  if (!done.reportId) {
    const report = await reports.create(member, {
      page: input.page,
      query: { ...query, useModified: true, chartOptions: {} },
      now: period.end - 1,
      // Within a report title's 100 characters, which its editor keeps to.
      title: `${input.name.slice(0, 70)}（${periodText(period, timeZone)}）`,
      ...(await reportLook(store, schedule, input.template)),
    });
    done.reportId = report.id;
    await save();
  }
  for (const format of input.formats) {
    if (done.files.some((file) => file.format === format)) continue;
    const downloadId = await reports.export(member, done.reportId, format);
    const row = await store.downloadJobs.find(downloadId);
    done.files.push({
      format,
      name: row?.name ?? format,
      size: Number(row?.size ?? 0),
      downloadId,
    });
    await save();
  }

  const pending = (await targets(deps, schedule, input.channel_ids)).filter(
    (target) =>
      !done.recipients.some((recipient) => recipient.ok && recipient.name === target.name),
  );
  if (pending.length === 0) return { retry: false };
  const brief = await periodBrief(store, deps.runner, member, query, signal, deps.model);
  const digest: ReportDigest = {
    ...digestBase,
    pageTitle: await pageTitleOf(store, member, input.page),
    brief: brief.figures,
    modelBrief: brief.model,
    files: done.files.map(({ format, name, size }) => ({ format, name, size })),
    link: `${deps.baseUrl}${projectPath(scopeOf(member))}#/report?id=${done.reportId}`,
  };
  const message = reportChannelMessage(digest);
  const mail = reportChannelMessage(digest, await attachments(deps, done.files));
  let retry = false;
  for (const target of pending) {
    const recipient = await deliver(deps, target, target.mail ? mail : message);
    retry ||= recipient.retryable;
    done.recipients = [
      ...done.recipients.filter((kept) => kept.name !== target.name),
      recipient.recipient,
    ];
    await save();
  }
  return { retry };
}

async function deliver(
  deps: ReportSendDeps,
  target: Target,
  message: ChannelMessage,
): Promise<{ recipient: ScheduleRecipient; retryable: boolean }> {
  if (target.unusable || !target.channel)
    return {
      recipient: { name: target.name, ok: false, error: target.unusable ?? '渠道不可用' },
      retryable: false,
    };
  try {
    await sendToChannel(target.channel, message, deps.destinations);
    return { recipient: { name: target.name, ok: true }, retryable: false };
  } catch (error) {
    const retryable = error instanceof DeliveryError ? error.retryable : true;
    const shown = error instanceof DeliveryError ? error.message : userMessageOf(error);
    if (shown === undefined) deps.logError(error, 'scheduled report delivery failed');
    return {
      recipient: { name: target.name, ok: false, error: shown ?? '发送出错，请查看服务器日志' },
      retryable,
    };
  }
}

/** The schedule's channels, then its subscribers by the first of them that is a mail server. */
async function targets(
  deps: ReportSendDeps,
  schedule: ScheduleRow,
  channelIds: readonly string[],
): Promise<Target[]> {
  const stored = new Map(
    (await deps.store.alertChannels.ofProject(schedule.project_id)).map((channel) => [
      channel.id,
      channel,
    ]),
  );
  const list: Target[] = [];
  let mailServer: AlertChannelConfig | undefined;
  for (const id of channelIds) {
    const channel = stored.get(id);
    if (!channel) {
      list.push({ name: `渠道 ${id.slice(0, 8)}`, unusable: '渠道已删除', mail: false });
      continue;
    }
    const name = `${channel.ruleName} · ${ALERT_CHANNEL_LABELS[channel.kind]}`;
    if (!deps.vault) {
      list.push({ name, unusable: '服务器未设置 ALERT_SECRET_KEY，无法使用通知渠道', mail: false });
      continue;
    }
    try {
      const config = deps.vault.openConfig(channel.sealed);
      list.push({ name, channel: config, mail: config.kind === 'email' });
      if (config.kind === 'email') mailServer ??= config;
    } catch (error) {
      list.push({ name, unusable: messageOf(error), mail: false });
    }
  }
  for (const subscriber of await deps.store.reportSchedules.subscribers([schedule.id])) {
    const name = `订阅 · ${subscriber.name} <${subscriber.email}>`;
    list.push(
      mailServer?.kind === 'email'
        ? { name, channel: { ...mailServer, to: [subscriber.email] }, mail: true }
        : { name, unusable: '定时报告未选择邮件渠道，无法发信给订阅者', mail: true },
    );
  }
  return list;
}

/** The run's files for mail, when together they fit the attachment cap; else none (the link). */
async function attachments(
  deps: ReportSendDeps,
  files: SendProgress['files'],
): Promise<ChannelMessage['attachments']> {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (files.length === 0 || total > SCHEDULE_MAIL_ATTACHMENT_MAX_BYTES) return undefined;
  const attached = [];
  for (const file of files) {
    const row = await deps.store.downloadJobs.find(file.downloadId);
    if (!row?.file) return undefined;
    attached.push({ filename: file.name, content: await readFile(deps.files.pathOf(row.file)) });
  }
  return attached;
}

/** The address of the member's project (or subject), as its pages' paths start. */
const scopeOf = ({ project, subject }: Awaited<ReturnType<typeof scheduleMember>>) => ({
  repository: project.repository,
  customer: project.customerCode,
  project: project.code,
  ...(subject && { subject_id: subject.id }),
});

/** The page's menu label in the newest published dashboard, else its key. */
async function pageTitleOf(
  store: Store,
  member: Awaited<ReturnType<typeof scheduleMember>>,
  page: string,
): Promise<string> {
  const published = await store.dashboards.published({
    projectId: member.project.id,
    subjectId: member.subject?.id ?? '',
  });
  return published?.dashboard.menu.find((item) => item.key === page)?.label ?? page;
}
