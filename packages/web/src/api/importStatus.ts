import { importStatus, type ImportStatus } from '@yuqing/core';
import { request } from './client';

/** `GET /posts/import_status`: the project's running background import, if any. */
export function fetchImportStatus(): Promise<ImportStatus> {
  return request('/posts/import_status', importStatus, { quiet: true });
}
