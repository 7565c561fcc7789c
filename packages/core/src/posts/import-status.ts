import { z } from 'zod';

/**
 * `GET /posts/import_status`: the project's running background import (the demo posts on first
 * start). Searches see the `committed` posts; `rows` of `total` have been read so far.
 */
export const importStatus = z.object({
  running: z.boolean(),
  total: z.number().int().nonnegative(),
  rows: z.number().int().nonnegative(),
  committed: z.number().int().nonnegative(),
});
export type ImportStatus = z.infer<typeof importStatus>;

export const IDLE_IMPORT: ImportStatus = { running: false, total: 0, rows: 0, committed: 0 };

/** Whole percent of an import's rows read, 0 to 100. */
export function importPercent(status: ImportStatus): number {
  if (status.total === 0) return 0;
  return Math.min(100, Math.floor((status.rows / status.total) * 100));
}
