import { sql, type Kysely, type Selectable } from 'kysely';
import type { DownloadJob, ExportFileFormat } from '@yuqing/core';
import type { Database, DownloadJobsTable, StoredExportRequest } from './schema.js';

export type DownloadJobRow = Selectable<DownloadJobsTable>;

/** A job is tried this many times before it ends failed. */
export const DOWNLOAD_JOB_ATTEMPTS = 3;

interface NewFile {
  projectId: string;
  ownerId: string;
  format: ExportFileFormat;
  name: string;
  expiresAt: Date;
}

/** Export files and the offline download queue. */
export class DownloadJobsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** A direct export's finished file (not listed as an offline job). */
  async addFile(
    file: NewFile & { file: string; size: number; request: StoredExportRequest },
  ): Promise<string> {
    const row = await this.db
      .insertInto('download_jobs')
      .values({
        project_id: file.projectId,
        owner_id: file.ownerId,
        offline: false,
        format: file.format,
        name: file.name,
        request: JSON.stringify(file.request),
        status: 'done',
        file: file.file,
        size: file.size,
        finished_at: new Date(),
        expires_at: file.expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async enqueue(job: NewFile & { request: StoredExportRequest; total: number }): Promise<string> {
    const row = await this.db
      .insertInto('download_jobs')
      .values({
        project_id: job.projectId,
        owner_id: job.ownerId,
        offline: true,
        format: job.format,
        name: job.name,
        request: JSON.stringify(job.request),
        status: 'queued',
        total: job.total,
        expires_at: job.expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Takes the oldest queued job, or a running one whose server stopped beating before
   * `staleBefore`, for this server alone (`FOR UPDATE SKIP LOCKED`: two servers never take the
   * same job). A stale job that has used up its attempts ends failed instead.
   */
  async claim(staleBefore: Date): Promise<DownloadJobRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      for (;;) {
        const next = await trx
          .selectFrom('download_jobs')
          .selectAll()
          .where('offline', '=', true)
          .where((eb) =>
            eb.or([
              eb('status', '=', 'queued'),
              eb.and([eb('status', '=', 'running'), eb('heartbeat_at', '<', staleBefore)]),
            ]),
          )
          .orderBy('created_at')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!next) return undefined;
        if (next.status === 'running' && next.attempts >= DOWNLOAD_JOB_ATTEMPTS) {
          await trx
            .updateTable('download_jobs')
            .set({
              status: 'failed',
              finished_at: new Date(),
              error: next.error ?? '导出进程多次中断，任务已停止',
            })
            .where('id', '=', next.id)
            .execute();
          continue;
        }
        return trx
          .updateTable('download_jobs')
          .set({
            status: 'running',
            attempts: sql`attempts + 1`,
            heartbeat_at: new Date(),
            rows: 0,
          })
          .where('id', '=', next.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
    });
  }

  /** Jobs a stopped process left running, back to the queue (one embedded server: at start). */
  async requeueRunning(): Promise<number> {
    const result = await this.db
      .updateTable('download_jobs')
      .set({ status: 'queued' })
      .where('offline', '=', true)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Rows written so far; also the job's heartbeat. */
  async progress(id: string, rows: number): Promise<void> {
    await this.db
      .updateTable('download_jobs')
      .set({ rows, heartbeat_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  async finish(id: string, done: { file: string; size: number; rows: number }): Promise<boolean> {
    const result = await this.db
      .updateTable('download_jobs')
      .set({ ...done, status: 'done', error: null, finished_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** A failed attempt: queued again while attempts remain, else failed for good. */
  async failAttempt(job: DownloadJobRow, error: string): Promise<void> {
    const final = job.attempts >= DOWNLOAD_JOB_ATTEMPTS;
    await this.db
      .updateTable('download_jobs')
      .set({
        status: final ? 'failed' : 'queued',
        error,
        ...(final ? { finished_at: new Date() } : {}),
      })
      .where('id', '=', job.id)
      .execute();
  }

  async find(id: string): Promise<DownloadJobRow | undefined> {
    return this.db.selectFrom('download_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A project's offline jobs, newest first; only `ownerId`'s when given. */
  async list(projectId: string, ownerId: string | undefined): Promise<DownloadJob[]> {
    let query = this.db
      .selectFrom('download_jobs')
      .innerJoin('users', 'users.id', 'download_jobs.owner_id')
      .selectAll('download_jobs')
      .select('users.nickname')
      .where('download_jobs.project_id', '=', projectId)
      .where('download_jobs.offline', '=', true)
      .orderBy('download_jobs.created_at', 'desc')
      .limit(200);
    if (ownerId) query = query.where('download_jobs.owner_id', '=', ownerId);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      format: row.format,
      status: row.status,
      rows: row.rows,
      total: row.total,
      size: row.size === null ? undefined : Number(row.size),
      owner: row.nickname,
      created: row.created_at.getTime(),
      finished: row.finished_at?.getTime(),
      error: row.error ?? undefined,
      expires: row.expires_at.getTime(),
    }));
  }

  async remove(id: string): Promise<DownloadJobRow | undefined> {
    return this.db
      .deleteFrom('download_jobs')
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Rows past their retention, removed; their files are the caller's to delete. */
  async removeExpired(now: Date): Promise<DownloadJobRow[]> {
    return this.db
      .deleteFrom('download_jobs')
      .where('expires_at', '<', now)
      .where('status', '!=', 'running')
      .returningAll()
      .execute();
  }
}
