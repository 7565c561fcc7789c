import type { DownloadJob, DownloadJobStatus } from '@yuqing/core';

/** How far a job has come, 0 to 100: the rows written of the rows matched, 100 once done. */
export function jobPercent(job: DownloadJob): number {
  if (job.status === 'done') return 100;
  if (job.total <= 0) return 0;
  return Math.min(100, Math.floor((job.rows / job.total) * 100));
}

const UNFINISHED: readonly DownloadJobStatus[] = ['queued', 'running'];

/** A job whose progress still changes, so the list is read again. */
export function isUnfinished(job: DownloadJob): boolean {
  return UNFINISHED.includes(job.status);
}
