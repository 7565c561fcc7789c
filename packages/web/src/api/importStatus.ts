import { POST_CALLS, type ImportStatus } from '@yuqing/core';
import { call } from './call';

/** `GET /posts/import_status`: the project's running background import, if any. */
export function fetchImportStatus(): Promise<ImportStatus> {
  return call(POST_CALLS.importStatus, {}, { quiet: true });
}
