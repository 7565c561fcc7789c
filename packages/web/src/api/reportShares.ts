import {
  API_BASE,
  REPORT_SHARE_CALLS,
  callPath,
  type NewShare,
  type ReportShare,
  type SharedReport,
} from '@yuqing/core';
import { call } from './call';

/** `POST /report/share`: a link valid for `days`; its address is answered this once. */
export function shareReport(id: string, days: number): Promise<NewShare> {
  return call(REPORT_SHARE_CALLS.create, { body: { id, days } });
}

/** `GET /report/shares?id=`: the report's links, without their addresses. */
export async function fetchReportShares(id: string): Promise<ReportShare[]> {
  return (await call(REPORT_SHARE_CALLS.list, { query: { id } })).list;
}

/** `POST /report/share/revoke`: the link stops opening the report. */
export async function revokeReportShare(id: string): Promise<void> {
  await call(REPORT_SHARE_CALLS.revoke, { body: { id } });
}

/**
 * `GET /report/shared?token=`: what a share link opens, asked by a visitor who may not be signed
 * in; the share page shows why a link is refused.
 */
export function fetchSharedReport(token: string): Promise<SharedReport> {
  return call(REPORT_SHARE_CALLS.shared, { query: { token } }, { standalone: true, quiet: true });
}

/** Where an image of a shared report is shown from: the token names it, no project. */
export function sharedImageUrl(token: string, imageId: string): string {
  const search = new URLSearchParams({ token });
  const path = callPath(REPORT_SHARE_CALLS.sharedImage.path, { id: imageId });
  return `${API_BASE}${path}?${search.toString()}`;
}
