import { z } from 'zod';
import {
  envelope,
  exportReportRequest,
  projectScope,
  publishReportRequest,
  report,
  reportId,
  reportSummary,
  saveReportRequest,
} from '@yuqing/core';
import { fileUrl } from './exports.js';
import { reportMember, reportTarget } from './report-member.js';
import { presentReport, type Reports } from '../export/reports.js';
import type { RequestLimits } from '../http/request-limits.js';
import { ok, type Api, type RouteContext } from './context.js';

/**
 * Reports (spec 7: /report*): made from a page with its data snapshotted, edited, published and
 * exported. Their images, themes and share links have routes of their own (report-*.ts).
 */
export function reportRoutes(
  api: Api,
  { access, store, audit }: RouteContext,
  { reports, limits }: { reports: Reports; limits: RequestLimits },
) {
  const memberOf = reportMember(access);

  api.post(
    '/report',
    {
      config: { access: 'project-member' },
      schema: {
        summary: 'Creates a report from a published page (its data snapshotted), or updates one',
        tags: ['report'],
        querystring: projectScope,
        body: saveReportRequest,
        response: { 200: envelope(report) },
      },
    },
    async (request, reply) => {
      const member = await memberOf(request, reply, request.query);
      const body = request.body;
      if ('id' in body) {
        const updated = await reports.update(member, body);
        await audit(request, member.scoped, 'report.update', reportTarget(updated));
        return ok(updated);
      }
      return limits.run(reply, member.userId, async () => {
        const created = await reports.create(member, body);
        await audit(request, member.scoped, 'report.create', reportTarget(created), {
          page: body.page,
          ...(body.version !== undefined && { version: body.version }),
        });
        return ok(created);
      });
    },
  );

  api.get(
    '/report',
    {
      config: { access: 'project-member' },
      schema: {
        summary: 'One report of the project',
        tags: ['report'],
        querystring: projectScope.extend(reportId.shape),
        response: { 200: envelope(report) },
      },
    },
    async (request, reply) => {
      const member = await memberOf(request, reply, request.query);
      return ok(presentReport(await reports.find(member, request.query.id), member.project));
    },
  );

  api.get(
    '/report/list',
    {
      config: { access: 'project-member' },
      schema: {
        summary: "The project's (or subject's) reports, newest first",
        tags: ['report'],
        querystring: projectScope,
        response: { 200: envelope(z.object({ list: z.array(reportSummary) })) },
      },
    },
    async (request, reply) => {
      const member = await memberOf(request, reply, request.query);
      return ok({ list: await reports.list(member) });
    },
  );

  api.post(
    '/report/publish',
    {
      config: { access: 'project-member' },
      schema: {
        summary:
          'Publishes a report, or takes it back and revokes its share links (publishing again revives none)',
        tags: ['report'],
        querystring: projectScope,
        body: publishReportRequest,
        response: { 200: envelope(report) },
      },
    },
    async (request, reply) => {
      const member = await memberOf(request, reply, request.query);
      const row = await reports.editable(member, request.body.id);
      const updated = await store.reports.setPublished(row.id, request.body.published);
      const action = request.body.published ? 'report.publish' : 'report.unpublish';
      await audit(request, member.scoped, action, reportTarget(row));
      return ok(presentReport(updated!, member.project));
    },
  );

  api.post(
    '/report/remove',
    {
      config: { access: 'project-member' },
      schema: {
        summary: 'Deletes a report and its share links',
        tags: ['report'],
        querystring: projectScope,
        body: reportId,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const member = await memberOf(request, reply, request.query);
      const row = await reports.editable(member, request.body.id);
      await store.reports.remove(row.id);
      await audit(request, member.scoped, 'report.delete', reportTarget(row));
      return ok(null);
    },
  );

  api.post(
    '/report/export',
    {
      config: { access: 'project-member' },
      schema: {
        summary: 'A report as a slide deck, a Word brief or a PDF, drawn from its snapshot',
        tags: ['report'],
        querystring: projectScope,
        body: exportReportRequest,
        response: { 200: envelope(z.object({ url: z.string() })) },
      },
    },
    async (request, reply) => {
      const member = await memberOf(request, reply, request.query);
      return limits.run(reply, member.userId, async () => {
        const id = await reports.export(member, request.body.id, request.body.format);
        return ok({ url: fileUrl(id, request.query) });
      });
    },
  );
}
