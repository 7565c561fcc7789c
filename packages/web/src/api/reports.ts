import {
  report,
  reportSummary,
  type DocumentFormat,
  type Report,
  type ReportSummary,
  type SaveReportRequestInput,
} from '@yuqing/core';
import { z } from 'zod';
import { apiDownload, noData, request, type DownloadAnswer } from './client';

export type ReportFormat = DocumentFormat;

const reportList = z.object({ list: z.array(reportSummary) });
const exportAnswer = z.object({ url: z.string() });

/**
 * `POST /report`: without `id` a new report of a published page (the server snapshots its widgets
 * and their data); with `id` the report's texts, images and theme.
 */
export function saveReport(body: SaveReportRequestInput): Promise<Report> {
  return request('/report', report, { method: 'POST', body, messageType: 'info' });
}

/** `GET /report?id=`; `quiet` because the page shows why a report cannot be opened. */
export function fetchReport(id: string): Promise<Report> {
  return request('/report', report, { params: { id }, quiet: true });
}

/** `GET /report/list`: the project's reports. */
export async function fetchReports(): Promise<ReportSummary[]> {
  return (await request('/report/list', reportList)).list;
}

/** `POST /report/publish`: publishes the report, or takes it back to a draft. */
export function publishReport(id: string, published: boolean): Promise<Report> {
  return request('/report/publish', report, { method: 'POST', body: { id, published } });
}

/** `POST /report/remove`: the report and its share links. */
export function removeReport(id: string): Promise<undefined> {
  return request('/report/remove', noData, { method: 'POST', body: { id } });
}

/** `POST /report/export`: the report as a deck or a Word brief, answered as its address. */
export function exportReport(
  id: string,
  format: ReportFormat,
): Promise<DownloadAnswer<{ url: string }>> {
  return apiDownload('/report/export', exportAnswer, { body: { id, format } });
}
