import { z } from 'zod';
import { EXPORT_FILE_FORMATS } from './export.js';

export const DOWNLOAD_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type DownloadJobStatus = (typeof DOWNLOAD_JOB_STATUSES)[number];

export const DOWNLOAD_JOB_STATUS_LABELS: Record<DownloadJobStatus, string> = {
  queued: '排队中',
  running: '生成中',
  done: '已完成',
  failed: '失败',
};

/** One offline download as the job list shows it. */
export const downloadJob = z.object({
  id: z.string(),
  /** The file name offered to the browser. */
  name: z.string(),
  format: z.enum(EXPORT_FILE_FORMATS),
  status: z.enum(DOWNLOAD_JOB_STATUSES),
  /** Rows written so far and rows the query matched when the job started. */
  rows: z.number(),
  total: z.number(),
  /** Bytes of the finished file. */
  size: z.number().optional(),
  /** Who asked for it. */
  owner: z.string(),
  created: z.number(),
  finished: z.number().optional(),
  /** Why it failed. */
  error: z.string().optional(),
  /** When the file is deleted. */
  expires: z.number().optional(),
});
export type DownloadJob = z.infer<typeof downloadJob>;

export const jobListAnswer = z.object({ list: z.array(downloadJob) });
export type JobListAnswer = z.infer<typeof jobListAnswer>;

export const removeJobRequest = z.object({ id: z.string().uuid('任务 ID 无效') });
export type RemoveJobRequest = z.infer<typeof removeJobRequest>;
