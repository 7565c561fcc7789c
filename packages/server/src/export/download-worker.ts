import type { FastifyBaseLogger } from 'fastify';
import { userMessageOf } from '../refusals.js';
import type { DownloadJobRow, Store } from '../store/index.js';
import type { ExportFiles } from './export-files.js';
import type { Exports } from './exports.js';
import { DrainLoop } from '../jobs/drain-loop.js';

export interface DownloadWorkerOptions {
  /** One embedded server: jobs left running were this process's, so they restart at once. */
  embedded: boolean;
  /** How often the queue is looked at for jobs of other servers and stale ones. */
  pollMs?: number;
  /** A running job whose heartbeat is older than this is taken over by another server. */
  staleMs?: number;
  /** How often a running job's heartbeat is written. */
  heartbeatMs?: number;
  /** How often expired files are deleted. */
  sweepMs?: number;
}

/**
 * Runs offline download jobs one at a time: claims the oldest (or a stale one), writes its file
 * with a heartbeat and progress, records it done, or counts a failed attempt. Woken when a job is
 * queued; also polls, since another server of a cluster may have queued it.
 */
export class DownloadWorker {
  private readonly staleMs: number;
  private readonly heartbeatMs: number;
  private readonly sweepMs: number;
  private readonly loop: DrainLoop;
  private lastSweep = 0;

  constructor(
    private readonly store: Store,
    private readonly exports: Exports,
    private readonly files: ExportFiles,
    private readonly log: FastifyBaseLogger,
    private readonly options: DownloadWorkerOptions,
  ) {
    this.loop = new DrainLoop(() => this.drain(), options.pollMs ?? 5_000);
    this.staleMs = options.staleMs ?? 60_000;
    this.heartbeatMs = options.heartbeatMs ?? 1_000;
    this.sweepMs = options.sweepMs ?? 3_600_000;
  }

  async start(): Promise<void> {
    await this.files.removeParts();
    if (this.options.embedded) {
      const requeued = await this.store.downloadJobs.requeueRunning();
      if (requeued) this.log.info({ requeued }, 'offline downloads taken up again');
    }
    this.loop.start();
  }

  /** Looks at the queue now (or right after the current job). */
  wake(): void {
    this.loop.wake();
  }

  /** Resolves when the queue has nothing left this worker could claim. */
  idle(): Promise<void> {
    return this.loop.idle();
  }

  /** Stops claiming; a job being written stays running and is taken up again later. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async drain(): Promise<void> {
    try {
      await this.sweep();
      while (!this.loop.stopped) {
        const job = await this.store.downloadJobs.claim(new Date(Date.now() - this.staleMs));
        if (!job) return;
        await this.run(job);
      }
    } catch (error) {
      this.log.error(error, 'offline download queue failed');
    }
  }

  private async run(job: DownloadJobRow): Promise<void> {
    let rows = 0;
    const beat = setInterval(() => {
      this.store.downloadJobs.progress(job.id, rows).catch(() => {});
    }, this.heartbeatMs);
    try {
      const written = await this.exports.runJob(job, (count) => {
        rows = count;
        if (this.loop.stopped) throw new Error('server stopping');
      });
      const ext = job.format;
      const { file, size } = await this.files.complete(written.part, `${job.id}.${ext}`);
      // A job removed while it ran keeps no file.
      if (!(await this.store.downloadJobs.finish(job.id, { file, size, rows: written.rows })))
        await this.files.remove(file);
    } catch (error) {
      if (this.loop.stopped) return;
      const shown = userMessageOf(error);
      if (shown === undefined) this.log.error(error, 'offline download failed');
      const reason = shown ?? '导出失败，请稍后重试';
      await this.store.downloadJobs.failAttempt(job, reason);
    } finally {
      clearInterval(beat);
    }
  }

  private async sweep(): Promise<void> {
    if (Date.now() - this.lastSweep < this.sweepMs) return;
    this.lastSweep = Date.now();
    for (const expired of await this.store.downloadJobs.removeExpired(new Date())) {
      await this.files.remove(expired.file);
    }
  }
}
