import { z } from 'zod';
import {
  envelope,
  newShare,
  projectScope,
  reportId,
  reportShare,
  revokeShareRequest,
  shareReportRequest,
  sharedReport,
} from '@yuqing/core';
import { hashToken, newToken } from '../auth/tokens.js';
import { badRequest, notFound } from '../errors.js';
import { presentReport } from '../export/reports.js';
import { imageParams, reportMember } from './report-member.js';
import type { Reports } from '../export/reports.js';
import { ok, type Api, type RouteContext } from './context.js';

const DAY_MS = 86_400_000;

/** Why a share link opens nothing, or undefined when it opens its report. */
function refusal(share: { expires_at: Date; revoked_at: Date | null; published: boolean }) {
  // Taking a report back also revokes its links; its holders are told the report's state.
  if (!share.published) return '报告已取消发布';
  if (share.revoked_at) return '分享链接已撤销';
  if (share.expires_at.getTime() <= Date.now()) return '分享链接已过期';
  return undefined;
}

const tokenQuery = z.object({ token: z.string().min(20).max(100) });

/**
 * Share links of a published report (/report/share*): made, listed and revoked by its project's
 * members; /report/shared opens that report alone, without an account.
 */
export function reportShareRoutes(
  api: Api,
  { access, store, config, audit }: RouteContext,
  { reports }: { reports: Reports },
) {
  api.post(
    '/report/share',
    {
      config: { access: 'project-member' },
      schema: {
        summary: 'Makes a share link of a published report: read-only, no account, expiring',
        tags: ['report'],
        querystring: projectScope,
        body: shareReportRequest,
        response: { 200: envelope(newShare) },
      },
    },
    async (request, reply) => {
      const scoped = await access.requireProject(request, reply, request.query);
      const member = reportMember(scoped);
      const row = await reports.editable(member, request.body.id);
      if (!row.published) throw badRequest('报告发布后才能分享');
      const token = newToken();
      const share = await store.reports.addShare({
        reportId: row.id,
        tokenHash: hashToken(token),
        author: { id: member.userId, name: member.userName },
        expiresAt: new Date(Date.now() + request.body.days * DAY_MS),
      });
      // The link's token opens the report without an account: the entry never holds it.
      await audit(
        request,
        scoped,
        'report_share.create',
        { type: 'report_share', id: share.id, name: row.title },
        { reportId: row.id, days: request.body.days },
      );
      const origin = config.publicUrl
        ? new URL(config.publicUrl).origin
        : `${request.protocol}://${request.host}`;
      return ok({ ...share, url: `${origin}/share/${token}` });
    },
  );

  api.get(
    '/report/shares',
    {
      config: { access: 'project-member' },
      schema: {
        summary: "A report's share links: who made them, until when, how often opened",
        tags: ['report'],
        querystring: projectScope.extend(reportId.shape),
        response: { 200: envelope(z.object({ list: z.array(reportShare) })) },
      },
    },
    async (request, reply) => {
      const scoped = await access.requireProject(request, reply, request.query);
      const member = reportMember(scoped);
      const row = await reports.find(member, request.query.id);
      return ok({ list: await store.reports.shares(row.id) });
    },
  );

  api.post(
    '/report/share/revoke',
    {
      config: { access: 'project-member' },
      schema: {
        summary: 'Revokes a share link at once',
        tags: ['report'],
        querystring: projectScope,
        body: revokeShareRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const scoped = await access.requireProject(request, reply, request.query);
      const member = reportMember(scoped);
      const share = await store.reports.share(request.body.id);
      if (!share) throw notFound('分享链接不存在');
      const row = await reports.editable(member, share.report_id);
      await store.reports.revokeShare(share.id);
      await audit(
        request,
        scoped,
        'report_share.revoke',
        { type: 'report_share', id: share.id, name: row.title },
        { reportId: row.id },
      );
      return ok(null);
    },
  );

  /** A token's share when it opens its report; 404 naming why not. */
  const openShare = async (token: string) => {
    const share = await store.reports.shareByToken(hashToken(token));
    if (!share) throw notFound('分享链接不存在');
    const why = refusal(share);
    if (why) throw notFound(why);
    return share;
  };

  api.get(
    '/report/shared',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The report a share link opens, read-only and without an account',
        description: 'The token opens this report and its images only; it is no session.',
        tags: ['report'],
        querystring: tokenQuery,
        response: { 200: envelope(sharedReport) },
      },
    },
    async (request, reply) => {
      const share = await openShare(request.query.token);
      const row = (await store.reports.find(share.report_id))!;
      const project = (await store.tenancy.findProjectById(row.project_id))!;
      await store.reports.countView(share.share_id);
      reply.header('cache-control', 'no-store');
      return ok({
        report: presentReport(row, project),
        projectName: project.name,
        timeZone: project.profile.timezone,
      });
    },
  );

  api.get(
    '/report/shared/imgs/:id',
    {
      config: { access: 'public' },
      schema: {
        summary: 'An image of a shared report (its header image or logo only)',
        tags: ['report'],
        params: imageParams,
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      const share = await openShare(request.query.token);
      const row = (await store.reports.find(share.report_id))!;
      if (request.params.id !== row.header_img && request.params.id !== row.logo_img)
        throw notFound('图片不存在');
      const image = (await store.reports.image(row.project_id, request.params.id))!;
      return reply
        .type(image.type)
        .header('cache-control', 'no-store')
        .send(Buffer.from(image.bytes));
    },
  );
}
