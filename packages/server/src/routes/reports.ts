import { REPORT_CALLS } from '@yuqing/core';
import { fileUrl } from './exports.js';
import { reportMember, reportTarget } from './report-member.js';
import { presentReport, type Reports } from '../export/reports.js';
import type { RequestLimits } from '../http/request-limits.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

/**
 * Reports (spec 7: /report*): made from a page with its data snapshotted, edited, published and
 * exported. Their images, themes and share links have routes of their own (report-*.ts).
 */
export function reportRoutes(
  api: Api,
  { store, audit }: RouteContext,
  { reports, limits }: { reports: Reports; limits: RequestLimits },
) {
  route(api, REPORT_CALLS.save, async ({ request, reply, member: scoped, body }) => {
    const member = reportMember(scoped);
    if ('id' in body) {
      const updated = await reports.update(member, body);
      await audit(request, scoped, 'report.update', reportTarget(updated));
      return ok(updated);
    }
    return limits.run(reply, member.userId, async () => {
      const created = await reports.create(member, body);
      await audit(request, scoped, 'report.create', reportTarget(created), {
        page: body.page,
        ...(body.version !== undefined && { version: body.version }),
      });
      return ok(created);
    });
  });

  route(api, REPORT_CALLS.get, async ({ member: scoped, query }) => {
    const member = reportMember(scoped);
    return ok(presentReport(await reports.find(member, query.id), member.project));
  });

  route(api, REPORT_CALLS.list, async ({ member }) =>
    ok({ list: await reports.list(reportMember(member)) }),
  );

  route(api, REPORT_CALLS.publish, async ({ request, member: scoped, body }) => {
    const member = reportMember(scoped);
    const row = await reports.editable(member, body.id);
    const updated = await store.reports.setPublished(row.id, body.published);
    const action = body.published ? 'report.publish' : 'report.unpublish';
    await audit(request, scoped, action, reportTarget(row));
    return ok(presentReport(updated!, member.project));
  });

  route(api, REPORT_CALLS.remove, async ({ request, member: scoped, body }) => {
    const row = await reports.editable(reportMember(scoped), body.id);
    await store.reports.remove(row.id);
    await audit(request, scoped, 'report.delete', reportTarget(row));
    return ok(null);
  });

  route(api, REPORT_CALLS.export, async ({ reply, member: scoped, query, body }) => {
    const member = reportMember(scoped);
    return limits.run(reply, member.userId, async () => {
      const id = await reports.export(member, body.id, body.format);
      return ok({ url: fileUrl(id, query) });
    });
  });
}
