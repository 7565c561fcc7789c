import { z } from 'zod';
import { dashboard, dashboardVersion } from '../dashboard/dashboard.js';

/** Versions and revisions are PostgreSQL `integer` columns. */
export const INT4_MAX = 2_147_483_647;

/** A published version's number. */
export const versionNumber = z.number().int().min(1).max(INT4_MAX, `版本号不能大于 ${INT4_MAX}`);

/**
 * `POST /project`: saves the whole draft (spec 7: site, menu, pages). `revision` is the draft's
 * revision the editor read (GET /project?type=manage answers it in `source`); a save from an
 * older revision is refused with 409, so a second editor never overwrites the first.
 */
export const saveDraftRequest = dashboard.and(
  z.object({ revision: z.number().int().min(0).max(INT4_MAX, `修订号不能大于 ${INT4_MAX}`) }),
);
export type SaveDraftRequest = z.infer<typeof saveDraftRequest>;

export const saveDraftAnswer = z.object({ revision: z.number().int() });

/** `POST /project_publish`: the saved draft becomes the next published version. */
export const publishAnswer = z.object({ version: z.number().int() });

/** `GET /project_versions`: every published version, newest first. */
export const versionList = z.array(dashboardVersion);

/**
 * `POST /project_rollback`: publishes a copy of an earlier version as the newest one and makes it
 * the draft too (the version list keeps the history).
 */
export const rollbackRequest = z.object({ version: versionNumber });
export const rollbackAnswer = z.object({
  version: z.number().int(),
  revision: z.number().int(),
});

/** The message of a refused stale save (409). */
export const STALE_DRAFT_MESSAGE = '草稿已被其他管理员修改，请刷新后再保存';
