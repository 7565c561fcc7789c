import { jobListAnswer, type DownloadJob } from '@yuqing/core';
import { apiUrl, noData, request } from './client';

/** `GET /download/jobList`: the project's offline downloads; `quiet` for the repeated polls. */
export async function fetchDownloadJobs(quiet = false): Promise<DownloadJob[]> {
  return (await request('/download/jobList', jobListAnswer, { quiet })).list;
}

/** `POST /download/removeJob`: the job and its file. */
export function removeDownloadJob(id: string): Promise<undefined> {
  return request('/download/removeJob', noData, { method: 'POST', body: { id } });
}

/** Where a finished job's file is downloaded from. */
export function downloadJobFileUrl(id: string): string {
  return apiUrl('/download/file', { id });
}
