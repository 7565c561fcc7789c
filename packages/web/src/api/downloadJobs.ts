import { EXPORT_CALLS, type DownloadJob } from '@yuqing/core';
import { call, callUrl } from './call';

/** `GET /download/jobList`: the project's offline downloads; `quiet` for the repeated polls. */
export async function fetchDownloadJobs(quiet = false): Promise<DownloadJob[]> {
  return (await call(EXPORT_CALLS.jobList, {}, { quiet })).list;
}

/** `POST /download/removeJob`: the job and its file. */
export async function removeDownloadJob(id: string): Promise<void> {
  await call(EXPORT_CALLS.removeJob, { body: { id } });
}

/** Where a finished job's file is downloaded from. */
export function downloadJobFileUrl(id: string): string {
  return callUrl(EXPORT_CALLS.file, { query: { id } });
}
