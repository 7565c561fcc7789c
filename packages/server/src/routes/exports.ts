import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import {
  API_BASE,
  EXPORT_CALLS,
  EXPORT_MESSAGES,
  addJobAnswer,
  type DocumentFormat,
  type PageExportRequest,
  type ProjectScope,
} from '@yuqing/core';
import type { FastifyReply } from 'fastify';
import type { ProjectAccess } from '../auth/access.js';
import { forbidden, notFound } from '../errors.js';
import type { RequestLimits } from '../http/request-limits.js';
import type { JobRunner } from '../jobs/job-runner.js';
import { attachment, contentTypeOf, type ExportFiles } from '../export/export-files.js';
import type { Exports } from '../export/exports.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';
import { exportTemplateRoutes } from './export-templates.js';

export interface ExportServices {
  exports: Exports;
  files: ExportFiles;
  jobs: JobRunner;
  limits: RequestLimits;
}

/** The address a finished file is fetched from: its id and the project it belongs to. */
export function fileUrl(id: string, scope: ProjectScope): string {
  const params = new URLSearchParams({ id, ...scope });
  return `${API_BASE}/download/file?${params}`;
}

/**
 * Exports (spec 7): slide decks (`/customlay`), Word briefs (`/api/r11zt`), their templates
 * (`export-templates.ts`), PDFs (`/export/pdf`), posts files and the offline download list
 * (`/download`). A file is
 * served to the member who made it, and to admins of its project.
 */
export function exportRoutes(
  api: Api,
  context: RouteContext,
  { exports, files, jobs, limits }: ExportServices,
) {
  const { store, audit } = context;
  exportTemplateRoutes(api, context);
  /** A download, as an audit entry names it. */
  const fileTarget = (id: string, name: string) => ({ type: 'download' as const, id, name });

  /** A document of a page, made under the member's limits; its address, once written. */
  const documentUrl = (
    format: DocumentFormat,
    { viewer, project, subject, role }: ProjectAccess,
    body: PageExportRequest,
    query: ProjectScope,
    reply: FastifyReply,
  ) =>
    limits.run(reply, viewer.user.id, async () => {
      const id = await exports.document(
        format,
        { userId: viewer.user.id, project, subject, role },
        body,
      );
      return fileUrl(id, query);
    });
  route(api, EXPORT_CALLS.deck, async ({ reply, member, query, body }) => {
    const url = await documentUrl('pptx', member, body, query, reply);
    return ok({ status: 'ok' as const, downloadUrl: url });
  });
  route(api, EXPORT_CALLS.word, async ({ reply, member, query, body }) =>
    ok({ url: await documentUrl('docx', member, body, query, reply) }),
  );
  route(api, EXPORT_CALLS.pdf, async ({ reply, member, query, body }) =>
    ok({ url: await documentUrl('pdf', member, body, query, reply) }),
  );

  route(api, EXPORT_CALLS.addJob, async ({ request, reply, member: target, body }) => {
    const { viewer, project, subject, role } = target;
    const member = { userId: viewer.user.id, project, subject, role };
    const result = await limits.run(reply, viewer.user.id, () => exports.posts(member, body));
    const { format, page, widget } = body;
    const job = 'jobId' in result ? await store.downloadJobs.find(result.jobId) : undefined;
    await audit(
      request,
      target,
      'export.posts',
      fileTarget(job?.id ?? '', job?.name ?? ('name' in result ? result.name : '')),
      {
        format,
        page,
        ...(widget && { widget }),
        offline: !!job,
        ...(job && { total: job.total }),
      },
    );
    if ('jobId' in result) {
      jobs.wake('download');
      return ok(
        addJobAnswer.parse({ suc: true, msg: EXPORT_MESSAGES.offline, jobId: result.jobId }),
      );
    }
    const stream = createReadStream(result.path);
    stream.once('close', () => void rm(result.path, { force: true }));
    return reply
      .type(contentTypeOf(body.format))
      .header('content-disposition', attachment(result.name))
      .header('cache-control', 'no-store')
      .send(stream);
  });

  route(api, EXPORT_CALLS.jobList, async ({ member: { viewer, project, role } }) => {
    const list = await store.downloadJobs.list(
      project.id,
      role === 'admin' ? undefined : viewer.user.id,
    );
    return ok({ list });
  });

  route(api, EXPORT_CALLS.removeJob, async ({ request, member: target, body }) => {
    const { viewer, project, role } = target;
    const job = await store.downloadJobs.find(body.id);
    if (!job || job.project_id !== project.id) throw notFound('任务不存在');
    if (job.owner_id !== viewer.user.id && role !== 'admin')
      throw forbidden('只能删除自己的下载任务');
    const removed = await store.downloadJobs.remove(job.id);
    await files.remove(removed?.file ?? null);
    await audit(request, target, 'download.remove', fileTarget(job.id, job.name), {
      format: job.format,
      status: job.status,
      ...(job.owner_id !== viewer.user.id && { ownerId: job.owner_id }),
    });
    return ok(null);
  });

  route(api, EXPORT_CALLS.file, async ({ request, reply, member: target, query }) => {
    const { viewer, project, role } = target;
    const job = await store.downloadJobs.find(query.id);
    if (
      !job ||
      job.project_id !== project.id ||
      (job.owner_id !== viewer.user.id && role !== 'admin')
    )
      throw forbidden('没有权限下载该文件');
    if (job.status !== 'done' || !job.file) throw notFound('文件尚未生成或已过期');
    await audit(request, target, 'download.file', fileTarget(job.id, job.name), {
      format: job.format,
      offline: job.offline,
      size: job.size,
    });
    return reply
      .type(contentTypeOf(job.format))
      .header('content-disposition', attachment(job.name))
      .header('cache-control', 'private, no-store')
      .send(createReadStream(files.pathOf(job.file)));
  });
}
