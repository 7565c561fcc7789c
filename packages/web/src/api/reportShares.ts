import {
  API_BASE,
  newShare,
  reportShare,
  sharedReport,
  type NewShare,
  type ReportShare,
  type SharedReport,
} from '@yuqing/core';
import { z } from 'zod';
import { noData, request } from './client';

const shareList = z.object({ list: z.array(reportShare) });

/** `POST /report/share`: a link valid for `days`; its address is answered this once. */
export function shareReport(id: string, days: number): Promise<NewShare> {
  return request('/report/share', newShare, { method: 'POST', body: { id, days } });
}

/** `GET /report/shares?id=`: the report's links, without their addresses. */
export async function fetchReportShares(id: string): Promise<ReportShare[]> {
  return (await request('/report/shares', shareList, { params: { id } })).list;
}

/** `POST /report/share/revoke`: the link stops opening the report. */
export function revokeReportShare(id: string): Promise<undefined> {
  return request('/report/share/revoke', noData, { method: 'POST', body: { id } });
}

/**
 * `GET /report/shared?token=`: what a share link opens, asked by a visitor who may not be signed
 * in; the share page shows why a link is refused.
 */
export function fetchSharedReport(token: string): Promise<SharedReport> {
  return request('/report/shared', sharedReport, {
    params: { token },
    standalone: true,
    quiet: true,
  });
}

/** Where an image of a shared report is shown from. */
export function sharedImageUrl(token: string, imageId: string): string {
  const search = new URLSearchParams({ token });
  return `${API_BASE}/report/shared/imgs/${encodeURIComponent(imageId)}?${search.toString()}`;
}
