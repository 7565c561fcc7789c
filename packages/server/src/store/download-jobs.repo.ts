import type { Kysely, Selectable } from 'kysely';
import type { DownloadJob, ExportFileFormat } from '@yuqing/core';
import type { JobsRepo } from './jobs.repo.js';
import type { Database, DownloadJobsTable, StoredExportRequest } from './schema.js';

export type DownloadJobRow = Selectable<DownloadJobsTable>;

interface NewFile {
  projectId: string;
  ownerId: string;
  format: ExportFileFormat;
  name: string;
  expiresAt: Date;
}

/** Export files and offline download jobs (their runs are the job runner's: JobsRepo). */
export class DownloadJobsRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobsRepo,
  ) {}

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

  /** Queues an offline job: its row and its run (the job runner's, of the same id). */
  async enqueue(job: NewFile & { request: StoredExportRequest; total: number }): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
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
      await this.jobs.enqueue(
        { id: row.id, kind: 'download', projectId: job.projectId, payload: {}, runAt: new Date() },
        trx,
      );
      return row.id;
    });
  }

  /** A run of the job begins: running, no rows yet. Undefined when the job was removed. */
  async start(id: string): Promise<DownloadJobRow | undefined> {
    return this.db
      .updateTable('download_jobs')
      .set({ status: 'running', rows: 0 })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Rows written so far. */
  async progress(id: string, rows: number): Promise<void> {
    await this.db
      .updateTable('download_jobs')
      .set({ rows })
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

  /** A failed try: queued again while tries remain, else failed for good. */
  async recordFailure(id: string, error: string, final: boolean): Promise<void> {
    await this.db
      .updateTable('download_jobs')
      .set({
        status: final ? 'failed' : 'queued',
        error,
        ...(final ? { finished_at: new Date() } : {}),
      })
      .where('id', '=', id)
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

  /** Removes the job and its run; a run in progress then keeps no file (download-job.ts). */
  async remove(id: string): Promise<DownloadJobRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await this.jobs.remove(id, trx);
      return trx.deleteFrom('download_jobs').where('id', '=', id).returningAll().executeTakeFirst();
    });
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
