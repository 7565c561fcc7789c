import { sql, type Kysely, type Selectable } from 'kysely';
import type { ScheduleInput, ScheduleRun } from '@yuqing/core';
import type { JobsRepo } from './jobs.repo.js';
import type { Database, ReportScheduleRunsTable, ReportSchedulesTable } from './schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A project's own schedules (subject '') or a subject's. */
export interface ScheduleScope {
  projectId: string;
  subjectId: string;
}

export type ScheduleRow = Selectable<ReportSchedulesTable>;
export type ScheduleRunRow = Selectable<ReportScheduleRunsTable>;

export interface ScheduleSubscriberRow {
  schedule_id: string;
  user_id: string;
  name: string;
  email: string;
}

/** A schedule's input as a row's columns. */
function columnsOf(input: ScheduleInput) {
  const { name, enabled, ...settings } = input;
  return { name, enabled, settings: JSON.stringify(settings) };
}

/** The schedule's input back from its row (saved before templates: none). */
export const scheduleInputOf = (row: ScheduleRow): ScheduleInput => ({
  name: row.name,
  enabled: row.enabled,
  ...row.settings,
  // Absent from schedules saved before there were templates.
  template: row.settings.template ?? null,
});

/** A run as the pages show it. */
export const presentRun = (row: ScheduleRunRow): ScheduleRun => ({
  id: row.id,
  schedule_id: row.schedule_id,
  manual: row.manual,
  period: { start: row.period_start.getTime(), end: row.period_end.getTime() },
  status: row.status,
  error: row.error,
  attempts: row.attempts,
  report_id: row.report_id,
  files: row.files,
  recipients: row.recipients,
  created_at: row.created_at.getTime(),
  finished_at: row.finished_at?.getTime() ?? null,
});

/**
 * Scheduled reports: each schedule's sends are a recurring `report-schedule` job of the same id,
 * each run a `report-send` job of the run's id.
 */
export class ReportSchedulesRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobsRepo,
  ) {}

  async count(scope: ScheduleScope): Promise<number> {
    const row = await this.db
      .selectFrom('report_schedules')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('project_id', '=', scope.projectId)
      .where('subject_id', '=', scope.subjectId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async list(scope: ScheduleScope): Promise<ScheduleRow[]> {
    return this.db
      .selectFrom('report_schedules')
      .selectAll()
      .where('project_id', '=', scope.projectId)
      .where('subject_id', '=', scope.subjectId)
      .orderBy('created_at')
      .execute();
  }

  async get(scope: ScheduleScope, id: string): Promise<ScheduleRow | undefined> {
    if (!UUID.test(id)) return undefined;
    return this.db
      .selectFrom('report_schedules')
      .selectAll()
      .where('project_id', '=', scope.projectId)
      .where('subject_id', '=', scope.subjectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The schedule of a due job, wherever it is; undefined once it was removed. */
  async find(id: string): Promise<ScheduleRow | undefined> {
    return this.db
      .selectFrom('report_schedules')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Adds the schedule and its sends, the first due at `firstRunAt`. */
  async add(
    scope: ScheduleScope,
    author: { id: string; name: string },
    input: ScheduleInput,
    firstRunAt: Date,
  ): Promise<ScheduleRow> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('report_schedules')
        .values({
          project_id: scope.projectId,
          subject_id: scope.subjectId,
          ...columnsOf(input),
          author_id: author.id,
          author_name: author.name,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.jobs.enqueue(
        {
          id: row.id,
          kind: 'report-schedule',
          projectId: scope.projectId,
          payload: {},
          runAt: firstRunAt,
        },
        trx,
      );
      return row;
    });
  }

  /**
   * The schedule as edited, its next send due at `nextRunAt` (a send under way keeps its run);
   * undefined when the scope has no such schedule.
   */
  async update(
    scope: ScheduleScope,
    id: string,
    input: ScheduleInput,
    nextRunAt: Date,
  ): Promise<ScheduleRow | undefined> {
    if (!UUID.test(id)) return undefined;
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('report_schedules')
        .set({ ...columnsOf(input), updated_at: new Date() })
        .where('project_id', '=', scope.projectId)
        .where('subject_id', '=', scope.subjectId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (row)
        await trx
          .updateTable('jobs')
          .set({
            next_run_at: nextRunAt,
            status: sql`case when status = 'running' then status else 'queued' end`,
            attempts: sql`case when status = 'running' then attempts else 0 end`,
            error: null,
          })
          .where('id', '=', id)
          .execute();
      return row;
    });
  }

  async remove(scope: ScheduleScope, id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('report_schedules')
        .where('project_id', '=', scope.projectId)
        .where('subject_id', '=', scope.subjectId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!result.numDeletedRows) return false;
      await this.jobs.remove(id, trx);
      return true;
    });
  }

  /** When each enabled schedule sends next, by id. */
  async nextRuns(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('jobs')
      .select(['id', 'next_run_at'])
      .where('id', 'in', ids)
      .where('kind', '=', 'report-schedule')
      .where('status', 'in', ['queued', 'running'])
      .execute();
    return new Map(rows.map((row) => [row.id, row.next_run_at.getTime()]));
  }

  /**
   * Starts the run of a period and queues its send, in one transaction; answers its id, or
   * undefined when the period already has a run (a scheduled period is sent once, whichever
   * server or late start gets there).
   */
  async startRun(
    schedule: Pick<ScheduleRow, 'id' | 'project_id'>,
    period: { start: number; end: number },
    manual: boolean,
    now: Date,
  ): Promise<string | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('report_schedule_runs')
        .values({
          schedule_id: schedule.id,
          manual,
          period_start: new Date(period.start),
          period_end: new Date(period.end),
          status: 'running',
        })
        .onConflict((oc) =>
          oc
            .columns(['schedule_id', 'period_start', 'period_end'])
            .where('manual', '=', false)
            .doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      if (!row) return undefined;
      await this.jobs.enqueue(
        {
          id: row.id,
          kind: 'report-send',
          projectId: schedule.project_id,
          payload: {},
          runAt: now,
        },
        trx,
      );
      return row.id;
    });
  }

  async run(id: string): Promise<ScheduleRunRow | undefined> {
    return this.db
      .selectFrom('report_schedule_runs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Records what a run has done so far, or how it ended. */
  async recordRun(
    id: string,
    fields: Partial<
      Pick<ScheduleRun, 'status' | 'error' | 'report_id' | 'files' | 'recipients'>
    > & {
      attempts?: number;
      finished?: boolean;
    },
  ): Promise<void> {
    const { files, recipients, finished, ...rest } = fields;
    await this.db
      .updateTable('report_schedule_runs')
      .set({
        ...rest,
        ...(files && { files: JSON.stringify(files) }),
        ...(recipients && { recipients: JSON.stringify(recipients) }),
        ...(finished && { finished_at: new Date() }),
      })
      .where('id', '=', id)
      .execute();
  }

  /** A schedule's runs, newest first. */
  async runs(scheduleId: string, limit = 50): Promise<ScheduleRunRow[]> {
    return this.db
      .selectFrom('report_schedule_runs')
      .selectAll()
      .where('schedule_id', '=', scheduleId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** Each schedule's newest run, by schedule id. */
  async lastRuns(ids: readonly string[]): Promise<Map<string, ScheduleRunRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('report_schedule_runs')
      .selectAll()
      .distinctOn('schedule_id')
      .where('schedule_id', 'in', ids)
      .orderBy('schedule_id')
      .orderBy('created_at', 'desc')
      .execute();
    return new Map(rows.map((row) => [row.schedule_id, row]));
  }

  async subscribe(scheduleId: string, userId: string, email: string): Promise<void> {
    await this.db
      .insertInto('report_schedule_subscribers')
      .values({ schedule_id: scheduleId, user_id: userId, email })
      .onConflict((oc) => oc.columns(['schedule_id', 'user_id']).doUpdateSet({ email }))
      .execute();
  }

  async unsubscribe(scheduleId: string, userId: string): Promise<void> {
    await this.db
      .deleteFrom('report_schedule_subscribers')
      .where('schedule_id', '=', scheduleId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** The subscribers of these schedules, with their names, by subscription time. */
  async subscribers(ids: readonly string[]): Promise<ScheduleSubscriberRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('report_schedule_subscribers')
      .innerJoin('users', 'users.id', 'report_schedule_subscribers.user_id')
      .select([
        'report_schedule_subscribers.schedule_id',
        'report_schedule_subscribers.user_id',
        'report_schedule_subscribers.email',
        sql<string>`coalesce(nullif(users.nickname, ''), users.username)`.as('name'),
      ])
      .where('report_schedule_subscribers.schedule_id', 'in', ids)
      .orderBy('report_schedule_subscribers.created_at')
      .execute();
  }
}
