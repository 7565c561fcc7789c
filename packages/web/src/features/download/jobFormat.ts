import type { DownloadJob, DownloadJobStatus } from '@yuqing/core';

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A file size in the largest unit that keeps it at least 1 (1.5 MB); '—' when unknown. */
export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

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
