import { z } from 'zod';
import {
  REPORT_IMAGE_MAX_BYTES,
  deleteImagesRequest,
  envelope,
  exportReportRequest,
  namedTheme,
  newShare,
  projectScope,
  publishReportRequest,
  report,
  reportId,
  reportImage,
  reportShare,
  reportSummary,
  revokeShareRequest,
  saveReportRequest,
  saveThemeRequest,
  shareReportRequest,
  sharedReport,
  uploadImageRequest,
  type NamedTheme,
  type ReportImage,
} from '@yuqing/core';
import type { ProjectAccess } from '../auth/access.js';
import { hashToken, newToken } from '../auth/tokens.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import type { RequestLimits } from '../http/request-limits.js';
import type { ExportMember } from '../export/exports.js';
import { quotaRefusal } from '../export/report-quotas.js';
import { presentReport, type Reports } from '../export/reports.js';
import { ok, type Api, type RouteContext } from './context.js';
import { fileUrl } from './exports.js';

const DAY_MS = 86_400_000;

/** Themes every project has. */
const BUILT_IN_THEMES: NamedTheme[] = [
  {
    id: 'builtin-default',
    name: '默认',
    builtIn: true,
    theme: { colors: [], colorMap: [], bgColor: '#F5F7FA' },
  },
  {
    id: 'builtin-business',
    name: '商务蓝',
    builtIn: true,
    theme: {
      colors: ['#1F4E9E', '#3A7BD5', '#6FA8DC', '#F2A93B', '#9E9E9E', '#52B788'],
      colorMap: [],
      bgColor: '#EEF3FA',
      primaryColor: '#1F4E9E',
    },
  },
  {
    id: 'builtin-fresh',
    name: '清新绿',
    builtIn: true,
    theme: {
      colors: ['#2E9E6B', '#7CC68D', '#F6C85F', '#4C9BE8', '#E8745A', '#9C88D4'],
      colorMap: [],
      bgColor: '#F3FAF5',
      primaryColor: '#2E9E6B',
    },
  },
];

/** The image type its first bytes show; a declared type that disagrees is refused. */
function sniffImage(bytes: Uint8Array): ReportImage['type'] | undefined {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/** Why a share link opens nothing, or undefined when it opens its report. */
function refusal(share: { expires_at: Date; revoked_at: Date | null; published: boolean }) {
  // Taking a report back also revokes its links; its holders are told the report's state.
  if (!share.published) return '报告已取消发布';
  if (share.revoked_at) return '分享链接已撤销';
  if (share.expires_at.getTime() <= Date.now()) return '分享链接已过期';
  return undefined;
}

/** A report, image or theme as an audit entry names it. */
const reportTarget = (row: { id: string; title: string }) => ({
  type: 'report' as const,
  id: row.id,
  name: row.title,
});
const imageTarget = (image: { id: string; name: string }) => ({
  type: 'report_image' as const,
  id: image.id,
  name: image.name,
});
const themeTarget = (theme: { id: string; name: string }) => ({
  type: 'report_theme' as const,
  id: theme.id,
  name: theme.name,
});

const imageParams = z.object({ id: z.string().uuid('图片 ID 无效') });
const tokenQuery = z.object({ token: z.string().min(20).max(100) });

/**
 * Reports (spec 7: /report*): made from a page with its data snapshotted, edited, published,
 * exported, and shared by links that open that report alone, without an account.
 */
export function reportRoutes(
  api: Api,
  { access, store, config, audit }: RouteContext,
  { reports, limits }: { reports: Reports; limits: RequestLimits },
) {
  const memberOf = async (
    request: Parameters<typeof access.requireProject>[0],
    reply: Parameters<typeof access.requireProject>[1],
    scope: z.infer<typeof projectScope>,
  ): Promise<ExportMember & { userName: string; scoped: ProjectAccess }> => {
    const scoped = await access.requireProject(request, reply, scope);
    const { viewer, project, subject, role } = scoped;
    return {
      scoped,
      userId: viewer.user.id,
      userName: viewer.user.nickname,
      project,
      subject,
      role,
    };
  };

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
        summary: 'A report as a slide deck or a Word brief, drawn from its snapshot',
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

  api.post(
    '/report/imgs',
    {
      config: { access: 'project-member' },
      // The image as base64, a third larger than its bytes, with room for a too large one to be
      // refused by name rather than by size alone.
      bodyLimit: 2 * REPORT_IMAGE_MAX_BYTES,
      schema: {
        summary: 'Uploads a report image (PNG, JPEG, GIF or WebP, at most 2 MB)',
        tags: ['report'],
        querystring: projectScope,
        body: uploadImageRequest,
        response: { 200: envelope(reportImage) },
      },
    },
    async (request, reply) => {
      const member = await memberOf(request, reply, request.query);
      const { name, data } = request.body;
      const [, declared, base64] = data.match(/^data:([\w/+.-]+);base64,(.*)$/)!;
      const bytes = Buffer.from(base64!, 'base64');
      if (bytes.byteLength > REPORT_IMAGE_MAX_BYTES) throw badRequest('data: 图片不能超过 2 MB');
      const type = sniffImage(bytes);
      if (!type || type !== declared)
        throw badRequest('data: 图片须为 PNG、JPEG、GIF 或 WebP，且与声明的类型一致');
      const added = { count: 1, bytes: bytes.byteLength };
      const image = await store.reports.addImage(
        member.project.id,
        member.userId,
        { name, type, bytes },
        (usage) => {
          const refusal = quotaRefusal('image', usage, { user: added, project: added });
          if (refusal) throw conflict(refusal);
        },
      );
      await audit(request, member.scoped, 'report_image.upload', imageTarget(image), {
        type,
        size: image.size,
      });
      return ok(image);
    },
  );

  api.get(
    '/report/imgs',
    {
      config: { access: 'project-member' },
      schema: {
        summary: "The project's report images",
        tags: ['report'],
        querystring: projectScope,
        response: { 200: envelope(z.object({ list: z.array(reportImage) })) },
      },
    },
    async (request, reply) => {
      const member = await memberOf(request, reply, request.query);
      return ok({ list: await store.reports.images(member.project.id) });
    },
  );

  api.get(
    '/report/imgs/:id',
    {
      config: { access: 'project-member' },
      schema: {
        summary: 'A report image',
        tags: ['report'],
        params: imageParams,
        querystring: projectScope,
      },
    },
    async (request, reply) => {
      const member = await memberOf(request, reply, request.query);
      const image = await store.reports.image(member.project.id, request.params.id);
      if (!image) throw notFound('图片不存在');
      return reply
        .type(image.type)
        .header('cache-control', 'private, max-age=86400')
        .send(Buffer.from(image.bytes));
    },
  );

  api.post(
    '/report/delimgs',
    {
      config: { access: 'project-member' },
      schema: {
        summary:
          'Deletes report images (reports showing them show none): its uploader’s, or any for project admins',
        tags: ['report'],
        querystring: projectScope,
        body: deleteImagesRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const member = await memberOf(request, reply, request.query);
      if (member.role !== 'admin') {
        const owners = await store.reports.imageOwners(member.project.id, request.body.ids);
        if (owners.some((image) => image.owner_id !== member.userId))
          throw forbidden('只能删除自己上传的图片');
      }
      const removed = await store.reports.removeImages(member.project.id, request.body.ids);
      for (const image of removed)
        await audit(request, member.scoped, 'report_image.delete', imageTarget(image));
      return ok(null);
    },
  );

  api.get(
    '/report/theme',
    {
      config: { access: 'project-member' },
      schema: {
        summary: 'Report themes: the built-in ones and the project’s own',
        tags: ['report'],
        querystring: projectScope,
        response: { 200: envelope(z.object({ list: z.array(namedTheme) })) },
      },
    },
    async (request, reply) => {
      const member = await memberOf(request, reply, request.query);
      return ok({
        list: [...BUILT_IN_THEMES, ...(await store.reports.themes(member.project.id))],
      });
    },
  );

  api.post(
    '/report/theme',
    {
      config: { access: 'project-member' },
      schema: {
        summary:
          'Saves a report theme of the project by name; a saved name is replaced by its owner or a project admin only',
        tags: ['report'],
        querystring: projectScope,
        body: saveThemeRequest,
        response: { 200: envelope(namedTheme) },
      },
    },
    async (request, reply) => {
      const member = await memberOf(request, reply, request.query);
      if (BUILT_IN_THEMES.some((theme) => theme.name === request.body.name))
        throw badRequest(`name: ${request.body.name} 是内置主题的名称`);
      const { name, theme } = request.body;
      const saved = await store.reports.saveTheme(
        member.project.id,
        member.userId,
        name,
        theme,
        (replaced, usage, size) => {
          if (replaced && replaced.owner_id !== member.userId && member.role !== 'admin')
            throw forbidden(`主题“${name}”由他人保存，只有其保存人或项目管理员可以修改`);
          const project = { count: replaced ? 0 : 1, bytes: size - (replaced?.size ?? 0) };
          const user =
            replaced && replaced.owner_id !== member.userId ? { count: 0, bytes: 0 } : project;
          const refusal = quotaRefusal('theme', usage, { user, project });
          if (refusal) throw conflict(refusal);
        },
      );
      await audit(request, member.scoped, 'report_theme.save', themeTarget(saved));
      return ok(saved);
    },
  );

  api.delete(
    '/report/theme',
    {
      config: { access: 'project-member' },
      schema: {
        summary: 'Deletes a saved report theme (its owner, or any for project admins)',
        tags: ['report'],
        querystring: projectScope.extend({ id: z.string().uuid('主题 ID 无效') }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const member = await memberOf(request, reply, request.query);
      const saved = await store.reports.themeOwner(member.project.id, request.query.id);
      if (!saved) throw notFound('主题不存在');
      if (member.role !== 'admin' && saved.owner_id !== member.userId)
        throw forbidden('只能删除自己保存的主题');
      const themes = await store.reports.themes(member.project.id);
      const removed = themes.find((theme) => theme.id === request.query.id);
      if (!removed || !(await store.reports.removeTheme(member.project.id, request.query.id)))
        throw notFound('主题不存在');
      await audit(request, member.scoped, 'report_theme.delete', themeTarget(removed));
      return ok(null);
    },
  );

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
      const member = await memberOf(request, reply, request.query);
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
        member.scoped,
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
      const member = await memberOf(request, reply, request.query);
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
      const member = await memberOf(request, reply, request.query);
      const share = await store.reports.share(request.body.id);
      if (!share) throw notFound('分享链接不存在');
      const row = await reports.editable(member, share.report_id);
      await store.reports.revokeShare(share.id);
      await audit(
        request,
        member.scoped,
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
