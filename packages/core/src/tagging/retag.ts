import { z } from 'zod';

/**
 * `GET`/`POST /tags-api/retag`: the project's re-tag of its stored posts after a rule change.
 * `done` of `total` posts re-tagged so far; a failed one names its `error` and resumes after
 * its last written batch when started again.
 */
export const RETAG_STATES = ['idle', 'running', 'done', 'failed'] as const;

export const retagStatus = z.object({
  state: z.enum(RETAG_STATES),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  error: z.string().nullable(),
});
export type RetagStatus = z.infer<typeof retagStatus>;

export const IDLE_RETAG: RetagStatus = { state: 'idle', done: 0, total: 0, error: null };

/** The answer to a start while one runs. */
export const RETAG_RUNNING = '该项目正在重新标注已有数据，请等它完成';

/** Whole percent of a re-tag's posts done, 0 to 100 (100 when there was nothing to do). */
export function retagPercent(status: RetagStatus): number {
  if (status.total === 0) return status.state === 'done' ? 100 : 0;
  return Math.min(100, Math.floor((status.done / status.total) * 100));
}
