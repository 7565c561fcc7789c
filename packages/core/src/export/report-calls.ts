import { z } from 'zod';
import { defineCall } from '../calls/call.js';
import { projectScope } from '../location.js';
import {
  exportReportRequest,
  publishReportRequest,
  report,
  reportId,
  reportSummary,
  saveReportRequest,
} from './reports.js';

const tags = ['report'];

/**
 * Reports (spec 7: /report*): made from a page with its data snapshotted, edited, published and
 * exported by any member of the project.
 */
export const REPORT_CALLS = {
  save: defineCall({
    method: 'POST',
    path: '/report',
    access: 'project-member',
    summary: 'Creates a report from a published page (its data snapshotted), or updates one',
    tags,
    query: projectScope,
    body: saveReportRequest,
    answer: report,
  }),
  get: defineCall({
    method: 'GET',
    path: '/report',
    access: 'project-member',
    summary: 'One report of the project',
    tags,
    query: projectScope.extend(reportId.shape),
    answer: report,
  }),
  list: defineCall({
    method: 'GET',
    path: '/report/list',
    access: 'project-member',
    summary: "The project's (or subject's) reports, newest first",
    tags,
    query: projectScope,
    answer: z.object({ list: z.array(reportSummary) }),
  }),
  publish: defineCall({
    method: 'POST',
    path: '/report/publish',
    access: 'project-member',
    summary:
      'Publishes a report, or takes it back and revokes its share links (publishing again revives none)',
    tags,
    query: projectScope,
    body: publishReportRequest,
    answer: report,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/report/remove',
    access: 'project-member',
    summary: 'Deletes a report and its share links',
    tags,
    query: projectScope,
    body: reportId,
    answer: z.null(),
  }),
  export: defineCall({
    method: 'POST',
    path: '/report/export',
    access: 'project-member',
    summary: 'A report as a slide deck, a Word brief or a PDF, drawn from its snapshot',
    tags,
    query: projectScope,
    body: exportReportRequest,
    answer: z.object({ url: z.string() }),
  }),
};
