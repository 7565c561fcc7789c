import {
  SCHEDULE_MAX_PER_PROJECT,
  SCHEDULE_MAX_SUBSCRIBERS,
  ALERT_CHANNEL_LABELS,
  nextRunAfter,
  runPeriod,
  type Schedule,
  type ScheduleInput,
  type SchedulesAnswer,
  type ScheduleRun,
} from '@yuqing/core';
import type { ProjectAccess } from '../auth/access.js';
import { invalidInput, notFound } from '../refusals.js';
import { publishedPage } from '../search/published-page.js';
import {
  presentRun,
  scheduleInputOf,
  type ScheduleSubscriberRow,
} from '../store/report-schedules.repo.js';
import type { ScheduleRow, ScheduleScope, Store } from '../store/index.js';

const SCHEDULE_NOT_FOUND = '定时报告不存在';

const scopeOf = ({ project, subject }: ProjectAccess): ScheduleScope => ({
  projectId: project.id,
  subjectId: subject?.id ?? '',
});

/**
 * A project's scheduled reports as its pages and calls see them: saved by its admins (each save
 * sets when it sends next), listed with their next and last runs, sent at once on request, and
 * subscribed to by any member.
 */
export class ReportSchedules {
  constructor(
    private readonly deps: {
      store: Store;
      /** Wakes the runner's report-send lane. */
      wake: () => void;
      clock?: () => number;
    },
  ) {}

  private now() {
    return (this.deps.clock ?? Date.now)();
  }

  async list(target: ProjectAccess): Promise<SchedulesAnswer> {
    const { store } = this.deps;
    const rows = await store.reportSchedules.list(scopeOf(target));
    const channels =
      target.role === 'admin'
        ? (await store.alertChannels.ofProject(target.project.id)).map((channel) => ({
            id: channel.id,
            label: `${channel.ruleName} · ${ALERT_CHANNEL_LABELS[channel.kind]}`,
          }))
        : [];
    return { schedules: await this.present(target, rows), channels };
  }

  async add(target: ProjectAccess, input: ScheduleInput): Promise<Schedule> {
    const { store } = this.deps;
    if ((await store.reportSchedules.count(scopeOf(target))) >= SCHEDULE_MAX_PER_PROJECT)
      throw invalidInput(`每个项目最多保存 ${SCHEDULE_MAX_PER_PROJECT} 个定时报告`);
    await this.checkInput(target, input);
    const row = await store.reportSchedules.add(
      scopeOf(target),
      {
        id: target.viewer.user.id,
        name: target.viewer.user.nickname || target.viewer.user.username,
      },
      input,
      this.nextRun(target, input),
    );
    return (await this.present(target, [row]))[0]!;
  }

  async update(target: ProjectAccess, id: string, input: ScheduleInput): Promise<Schedule> {
    await this.checkInput(target, input);
    const row = await this.deps.store.reportSchedules.update(
      scopeOf(target),
      id,
      input,
      this.nextRun(target, input),
    );
    if (!row) throw notFound(SCHEDULE_NOT_FOUND);
    return (await this.present(target, [row]))[0]!;
  }

  async remove(target: ProjectAccess, id: string): Promise<ScheduleRow> {
    const row = await this.find(target, id);
    if (!(await this.deps.store.reportSchedules.remove(scopeOf(target), id)))
      throw notFound(SCHEDULE_NOT_FOUND);
    return row;
  }

  /** 立即发送: a run of the period the schedule would report on now; answers its id. */
  async sendNow(target: ProjectAccess, id: string): Promise<{ row: ScheduleRow; runId: string }> {
    const row = await this.find(target, id);
    const now = this.now();
    const period = runPeriod(scheduleInputOf(row), now, target.project.profile.timezone);
    const runId = await this.deps.store.reportSchedules.startRun(row, period, true, new Date(now));
    // A manual run is never refused as a repeat of its period.
    if (!runId) throw new Error('manual run not started');
    this.deps.wake();
    return { row, runId };
  }

  async runs(target: ProjectAccess, id: string): Promise<ScheduleRun[]> {
    await this.find(target, id);
    return (await this.deps.store.reportSchedules.runs(id)).map(presentRun);
  }

  /** The viewer subscribes by email (or, with null, unsubscribes). */
  async subscribe(target: ProjectAccess, id: string, email: string | null): Promise<Schedule> {
    const { store } = this.deps;
    const row = await this.find(target, id);
    const userId = target.viewer.user.id;
    if (email === null) await store.reportSchedules.unsubscribe(id, userId);
    else {
      const subscribers = await store.reportSchedules.subscribers([id]);
      if (
        subscribers.length >= SCHEDULE_MAX_SUBSCRIBERS &&
        !subscribers.some((subscriber) => subscriber.user_id === userId)
      )
        throw invalidInput(`每个定时报告最多 ${SCHEDULE_MAX_SUBSCRIBERS} 位订阅者`);
      await store.reportSchedules.subscribe(id, userId, email);
    }
    return (await this.present(target, [row]))[0]!;
  }

  async find(target: ProjectAccess, id: string): Promise<ScheduleRow> {
    const row = await this.deps.store.reportSchedules.get(scopeOf(target), id);
    if (!row) throw notFound(SCHEDULE_NOT_FOUND);
    return row;
  }

  /** The page must be one the project's published dashboard shows, and channels its own. */
  private async checkInput(target: ProjectAccess, input: ScheduleInput): Promise<void> {
    const { project, subject, role } = target;
    await publishedPage(this.deps.store, { project, subject, role }, input.page, undefined);
    if (input.template !== null) {
      const template = await this.deps.store.reports.find(input.template);
      if (
        !template ||
        template.project_id !== project.id ||
        template.subject_id !== (subject?.id ?? '')
      )
        throw invalidInput('template: 报告模板不存在');
    }
    const own = new Set(
      (await this.deps.store.alertChannels.ofProject(target.project.id)).map(
        (channel) => channel.id,
      ),
    );
    const foreign = input.channel_ids.findIndex((channelId) => !own.has(channelId));
    if (foreign >= 0) throw invalidInput(`channel_ids.${foreign}: 渠道不存在`);
  }

  private nextRun(target: ProjectAccess, input: ScheduleInput): Date {
    return new Date(nextRunAfter(input, this.now(), target.project.profile.timezone));
  }

  private async present(target: ProjectAccess, rows: readonly ScheduleRow[]): Promise<Schedule[]> {
    const { store } = this.deps;
    const ids = rows.map((row) => row.id);
    const [nextRuns, lastRuns, subscribers] = await Promise.all([
      store.reportSchedules.nextRuns(ids),
      store.reportSchedules.lastRuns(ids),
      store.reportSchedules.subscribers(ids),
    ]);
    const subscribersOf = (id: string) =>
      subscribers.filter((subscriber: ScheduleSubscriberRow) => subscriber.schedule_id === id);
    return rows.map((row) => {
      const own = subscribersOf(row.id);
      const last = lastRuns.get(row.id);
      return {
        ...scheduleInputOf(row),
        _id: row.id,
        created_at: row.created_at.getTime(),
        updated_at: row.updated_at.getTime(),
        next_run_at: row.enabled ? (nextRuns.get(row.id) ?? null) : null,
        last_run: last ? presentRun(last) : null,
        subscribers:
          target.role === 'admin'
            ? own.map(({ user_id, name, email }) => ({ user_id, name, email }))
            : [],
        subscribed_email:
          own.find((subscriber) => subscriber.user_id === target.viewer.user.id)?.email ?? null,
      };
    });
  }
}
