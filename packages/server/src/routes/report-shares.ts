import { REPORT_SHARE_CALLS } from '@yuqing/core';
import { hashToken, newToken } from '../auth/tokens.js';
import { badRequest, notFound } from '../errors.js';
import { presentReport } from '../export/reports.js';
import { reportMember } from './report-member.js';
import type { Reports } from '../export/reports.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

const DAY_MS = 86_400_000;

/** Why a share link opens nothing, or undefined when it opens its report. */
function refusal(share: { expires_at: Date; revoked_at: Date | null; published: boolean }) {
  // Taking a report back also revokes its links; its holders are told the report's state.
  if (!share.published) return '报告已取消发布';
  if (share.revoked_at) return '分享链接已撤销';
  if (share.expires_at.getTime() <= Date.now()) return '分享链接已过期';
  return undefined;
}

/**
 * Share links of a published report (/report/share*): made, listed and revoked by its project's
 * members; /report/shared opens that report alone, without an account.
 */
export function reportShareRoutes(
  api: Api,
  { store, config, audit }: RouteContext,
  { reports }: { reports: Reports },
) {
  route(api, REPORT_SHARE_CALLS.create, async ({ request, member: scoped, body }) => {
    const member = reportMember(scoped);
    const row = await reports.editable(member, body.id);
    if (!row.published) throw badRequest('报告发布后才能分享');
    const token = newToken();
    const share = await store.reports.addShare({
      reportId: row.id,
      tokenHash: hashToken(token),
      author: { id: member.userId, name: member.userName },
      expiresAt: new Date(Date.now() + body.days * DAY_MS),
    });
    // The link's token opens the report without an account: the entry never holds it.
    await audit(
      request,
      scoped,
      'report_share.create',
      { type: 'report_share', id: share.id, name: row.title },
      { reportId: row.id, days: body.days },
    );
    const origin = config.publicUrl
      ? new URL(config.publicUrl).origin
      : `${request.protocol}://${request.host}`;
    return ok({ ...share, url: `${origin}/share/${token}` });
  });

  route(api, REPORT_SHARE_CALLS.list, async ({ member, query }) => {
    const row = await reports.find(reportMember(member), query.id);
    return ok({ list: await store.reports.shares(row.id) });
  });

  route(api, REPORT_SHARE_CALLS.revoke, async ({ request, member: scoped, body }) => {
    const share = await store.reports.share(body.id);
    if (!share) throw notFound('分享链接不存在');
    const row = await reports.editable(reportMember(scoped), share.report_id);
    await store.reports.revokeShare(share.id);
    await audit(
      request,
      scoped,
      'report_share.revoke',
      { type: 'report_share', id: share.id, name: row.title },
      { reportId: row.id },
    );
    return ok(null);
  });

  /** A token's share when it opens its report; 404 naming why not. */
  const openShare = async (token: string) => {
    const share = await store.reports.shareByToken(hashToken(token));
    if (!share) throw notFound('分享链接不存在');
    const why = refusal(share);
    if (why) throw notFound(why);
    return share;
  };

  route(api, REPORT_SHARE_CALLS.shared, async ({ reply, query }) => {
    const share = await openShare(query.token);
    const row = (await store.reports.find(share.report_id))!;
    const project = (await store.tenancy.findProjectById(row.project_id))!;
    await store.reports.countView(share.share_id);
    reply.header('cache-control', 'no-store');
    return ok({
      report: presentReport(row, project),
      projectName: project.name,
      timeZone: project.profile.timezone,
    });
  });

  route(api, REPORT_SHARE_CALLS.sharedImage, async ({ reply, params, query }) => {
    const share = await openShare(query.token);
    const row = (await store.reports.find(share.report_id))!;
    if (params.id !== row.header_img && params.id !== row.logo_img) throw notFound('图片不存在');
    const image = (await store.reports.image(row.project_id, params.id))!;
    return reply
      .type(image.type)
      .header('cache-control', 'no-store')
      .send(Buffer.from(image.bytes));
  });
}
