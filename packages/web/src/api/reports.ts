import {
  REPORT_CALLS,
  type DocumentFormat,
  type Report,
  type ReportSummary,
  type SaveReportRequestInput,
} from '@yuqing/core';
import { call, callDownload } from './call';
import type { DownloadAnswer } from './client';

export type ReportFormat = DocumentFormat;

/**
 * `POST /report`: without `id` a new report of a published page (the server snapshots its widgets
 * and their data); with `id` the report's texts, images and theme.
 */
export function saveReport(body: SaveReportRequestInput): Promise<Report> {
  return call(REPORT_CALLS.save, { body }, { messageType: 'info' });
}

/** `GET /report?id=`; `quiet` because the page shows why a report cannot be opened. */
export function fetchReport(id: string): Promise<Report> {
  return call(REPORT_CALLS.get, { query: { id } }, { quiet: true });
}

/** `GET /report/list`: the project's reports. */
export async function fetchReports(): Promise<ReportSummary[]> {
  return (await call(REPORT_CALLS.list)).list;
}

/** `POST /report/publish`: publishes the report, or takes it back to a draft. */
export function publishReport(id: string, published: boolean): Promise<Report> {
  return call(REPORT_CALLS.publish, { body: { id, published } });
}

/** `POST /report/remove`: the report and its share links. */
export async function removeReport(id: string): Promise<void> {
  await call(REPORT_CALLS.remove, { body: { id } });
}

/** `POST /report/export`: the report as a deck or a Word brief, answered as its address. */
export function exportReport(
  id: string,
  format: ReportFormat,
): Promise<DownloadAnswer<{ url: string }>> {
  return callDownload(REPORT_CALLS.export, { body: { id, format } });
}
