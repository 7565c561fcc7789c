import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, JobsTable } from './schema.js';

/** The kinds of background work the job runner knows; each has its JobKind (jobs/job-kind.ts). */
export type JobKindName =
  'download' | 'alert-check' | 'alert-delivery' | 'retag' | 'report-schedule' | 'report-send';

export type JobRow = Selectable<JobsTable>;

export interface NewJob {
  /** The id of the domain row the job works on, when there is one (a download, a send). */
  id?: string;
  kind: JobKindName;
  projectId?: string;
  /** At most one queued or running job of a key; another is refused (unique violation). */
  key?: string;
  payload: unknown;
  progress?: unknown;
  runAt: Date;
}

/** Where a claim holds: the runner that took the job, and until when. */
export interface Lease {
  owner: string;
  until: Date;
}

/**
 * The runs of background work: queued, claimed with a lease (`FOR UPDATE SKIP LOCKED`, so servers
 * sharing a database never take the same job), kept alive by heartbeats, retried, and kept a while
 * after they end.
 */
export class JobsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Queues a job, in the caller's transaction when given one; answers its id. */
  async enqueue(job: NewJob, db: Kysely<Database> = this.db): Promise<string> {
    const row = await db
      .insertInto('jobs')
      .values({
        ...(job.id && { id: job.id }),
        kind: job.kind,
        project_id: job.projectId ?? null,
        key: job.key ?? null,
        payload: JSON.stringify(job.payload),
        progress: job.progress === undefined ? null : JSON.stringify(job.progress),
        status: 'queued',
        next_run_at: job.runAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Takes the kind's job due longest, or a running one whose lease ran out (its runner stopped)
   * while it has attempts left, for `lease.owner` alone, counting the attempt. One statement.
   */
  async claim(
    kind: JobKindName,
    maxAttempts: number,
    now: Date,
    lease: Lease,
  ): Promise<JobRow | undefined> {
    return this.db
      .updateTable('jobs')
      .set({
        status: 'running',
        claimed_by: lease.owner,
        lease_until: lease.until,
        attempts: sql`attempts + 1`,
        started_at: now,
      })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('kind', '=', kind)
          .where((w) =>
            w.or([
              w.and([w('status', '=', 'queued'), w('next_run_at', '<=', now)]),
              w.and([
                w('status', '=', 'running'),
                w('lease_until', '<', now),
                w('attempts', '<', maxAttempts),
              ]),
            ]),
          )
          .orderBy('next_run_at')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** The heartbeat: the lease held longer. Answers false when the runner no longer holds it. */
  async extendLease(id: string, lease: Lease): Promise<boolean> {
    const result = await this.held(id, lease.owner)
      .set({ lease_until: lease.until })
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** How far the job got, kept so that another run goes on from there. */
  async recordProgress(id: string, owner: string, progress: unknown): Promise<void> {
    await this.held(id, owner)
      .set({ progress: JSON.stringify(progress) })
      .execute();
  }

  async succeed(id: string, owner: string, now: Date): Promise<void> {
    await this.held(id, owner)
      .set({ status: 'done', error: null, finished_at: now, claimed_by: null, lease_until: null })
      .execute();
  }

  /** A recurring job's run ended: due again at `at`, its tries counted afresh. */
  async reschedule(id: string, owner: string, at: Date, now: Date): Promise<void> {
    await this.held(id, owner)
      .set({
        status: 'queued',
        attempts: 0,
        error: null,
        next_run_at: at,
        finished_at: now,
        claimed_by: null,
        lease_until: null,
      })
      .execute();
  }

  /** A failed attempt: due again at `retryAt`, or failed for good without it. */
  async fail(
    id: string,
    owner: string,
    error: string,
    retryAt: Date | undefined,
    now: Date,
  ): Promise<void> {
    await this.held(id, owner)
      .set({
        status: retryAt ? 'queued' : 'failed',
        error,
        ...(retryAt ? { next_run_at: retryAt } : { finished_at: now }),
        claimed_by: null,
        lease_until: null,
      })
      .execute();
  }

  /**
   * Running jobs given back to the queue, due at once, their attempt not counted: those of a
   * runner that stops, or (`owner` undefined) every one, when one embedded server starts.
   */
  async release(owner: string | undefined, now: Date): Promise<number> {
    let query = this.db
      .updateTable('jobs')
      .set({
        status: 'queued',
        attempts: sql`greatest(attempts - 1, 0)`,
        next_run_at: now,
        claimed_by: null,
        lease_until: null,
      })
      .where('status', '=', 'running');
    if (owner) query = query.where('claimed_by', '=', owner);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The kind's jobs whose lease ran out with no attempt left, ended failed with `error`. */
  async failLapsed(
    kind: JobKindName,
    maxAttempts: number,
    now: Date,
    error: string,
  ): Promise<JobRow[]> {
    return this.db
      .updateTable('jobs')
      .set({
        status: 'failed',
        error: sql`coalesce(error, ${error})`,
        finished_at: now,
        claimed_by: null,
        lease_until: null,
      })
      .where('kind', '=', kind)
      .where('status', '=', 'running')
      .where('lease_until', '<', now)
      .where('attempts', '>=', maxAttempts)
      .returningAll()
      .execute();
  }

  /** Deletes the kind's jobs that ended before `before`; answers how many. */
  async prune(kind: JobKindName, before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('jobs')
      .where('kind', '=', kind)
      .where('status', 'in', ['done', 'failed'])
      .where('finished_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async find(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The project's newest job of the kind. */
  async latest(kind: JobKindName, projectId: string): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('kind', '=', kind)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async remove(id: string, db: Kysely<Database> = this.db): Promise<void> {
    await db.deleteFrom('jobs').where('id', '=', id).execute();
  }

  private held(id: string, owner: string) {
    return this.db
      .updateTable('jobs')
      .where('id', '=', id)
      .where('claimed_by', '=', owner)
      .where('status', '=', 'running');
  }
}
