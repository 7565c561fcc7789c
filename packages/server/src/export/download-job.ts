import { userMessageOf } from '../refusals.js';
import type { Store } from '../store/index.js';
import { defineJobKind, exponentialBackoff } from '../jobs/job-kind.js';
import type { ExportFiles } from './export-files.js';
import type { Exports } from './exports.js';

/** A download is tried 3 times, 10 s and then 20 s apart, before it ends failed. */
export const DOWNLOAD_RETRY = exponentialBackoff(3, 10_000);

export interface DownloadJobDeps {
  store: Store;
  exports: Exports;
  files: ExportFiles;
  logError: (error: unknown, message: string) => void;
  /** How often the rows written so far are recorded (the download list's progress). */
  progressMs?: number;
}

/**
 * Offline downloads as a job kind: a run writes the job's file with its progress and records it
 * done; a failed try shows on the job (queued again with its reason, or failed). Expired files
 * are deleted with the runner's sweep.
 */
export function downloadJobKind({ store, exports, files, logError, progressMs }: DownloadJobDeps) {
  return defineJobKind({
    name: 'download',
    retry: DOWNLOAD_RETRY,
    describe(error) {
      const shown = userMessageOf(error);
      if (shown === undefined) logError(error, 'offline download failed');
      return shown ?? '导出失败，请稍后重试';
    },
    interrupted: '导出进程多次中断，任务已停止',
    async run({ id, signal }) {
      const job = await store.downloadJobs.start(id);
      if (!job) return;
      let rows = 0;
      const progress = setInterval(() => {
        store.downloadJobs.progress(id, rows).catch(() => {});
      }, progressMs ?? 1_000);
      try {
        const written = await exports.runJob(job, (count) => {
          rows = count;
          if (signal.aborted) throw new Error('server stopping');
        });
        const { file, size } = await files.complete(written.part, `${job.id}.${job.format}`);
        // A job removed while it ran keeps no file.
        if (!(await store.downloadJobs.finish(id, { file, size, rows: written.rows })))
          await files.remove(file);
      } finally {
        clearInterval(progress);
      }
    },
    failed: (job, error, retryAt) =>
      store.downloadJobs.recordFailure(job.id, error, retryAt === undefined),
    async sweep(now) {
      for (const expired of await store.downloadJobs.removeExpired(now)) {
        await files.remove(expired.file);
      }
    },
  });
}
