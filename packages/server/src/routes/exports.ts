import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { z } from 'zod';
import {
  API_BASE,
  EXPORT_MESSAGES,
  EXPORTS_API,
  addJobAnswer,
  addJobRequest,
  deckAnswer,
  envelope,
  jobListAnswer,
  pageExportRequest,
  pdfAnswer,
  projectScope,
  removeJobRequest,
  wordAnswer,
  type DocumentFormat,
  type ProjectScope,
} from '@yuqing/core';
import { forbidden, notFound } from '../errors.js';
import type { RequestLimits } from '../http/request-limits.js';
import type { JobRunner } from '../jobs/job-runner.js';
import { attachment, contentTypeOf, type ExportFiles } from '../export/export-files.js';
import type { Exports } from '../export/exports.js';
import { ok, type Api, type RouteContext } from './context.js';
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
  const { access, store, audit } = context;
  exportTemplateRoutes(api, context);
  /** A download, as an audit entry names it. */
  const fileTarget = (id: string, name: string) => ({ type: 'download' as const, id, name });

  const answers = { pptx: deckAnswer, docx: wordAnswer, pdf: pdfAnswer };
  const documentRoute = (path: string, format: DocumentFormat, summary: string) =>
    api.post(
      path,
      {
        config: { access: 'project-member' },
        schema: {
          summary,
          description:
            "Built from the page_data of the published page under the query, so its numbers are the dashboard's.",
          tags: ['export'],
          querystring: projectScope,
          body: pageExportRequest,
          response: { 200: envelope(answers[format]) },
        },
      },
      async (request, reply) => {
        const { viewer, project, subject, role } = await access.requireProject(
          request,
          reply,
          request.query,
        );
        return limits.run(reply, viewer.user.id, async () => {
          const id = await exports.document(
            format,
            { userId: viewer.user.id, project, subject, role },
            request.body,
          );
          const url = fileUrl(id, request.query);
          return ok(format === 'pptx' ? { status: 'ok' as const, downloadUrl: url } : { url });
        });
      },
    );
  documentRoute('/customlay/dashdata', 'pptx', 'A slide deck of a page (native, editable charts)');
  documentRoute('/api/r11zt/jdata', 'docx', 'A Word brief of a page');
  documentRoute(EXPORTS_API.pdf, 'pdf', 'A PDF of a page (vector charts, CJK text embedded)');

  api.post(
    '/download/addJob',
    {
      config: { access: 'project-member' },
      schema: {
        summary: "The posts of a page's search-post or tab-post widget as xlsx or CSV",
        description:
          'Up to 2,000 posts: the file itself. More: an offline job, listed by /download/jobList, ' +
          'answered as `{ success, data: { suc, msg, jobId } }`.',
        tags: ['export'],
        querystring: projectScope,
        body: addJobRequest,
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query);
      const { viewer, project, subject, role } = target;
      const member = { userId: viewer.user.id, project, subject, role };
      const result = await limits.run(reply, viewer.user.id, () =>
        exports.posts(member, request.body),
      );
      const { format, page, widget } = request.body;
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
        .type(contentTypeOf(request.body.format))
        .header('content-disposition', attachment(result.name))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  api.get(
    '/download/jobList',
    {
      config: { access: 'project-member' },
      schema: {
        summary: "The project's offline downloads: the viewer's own, every member's for admins",
        tags: ['export'],
        querystring: projectScope,
        response: { 200: envelope(jobListAnswer) },
      },
    },
    async (request, reply) => {
      const { viewer, project, role } = await access.requireProject(request, reply, request.query);
      const list = await store.downloadJobs.list(
        project.id,
        role === 'admin' ? undefined : viewer.user.id,
      );
      return ok({ list });
    },
  );

  api.post(
    '/download/removeJob',
    {
      config: { access: 'project-member' },
      schema: {
        summary: 'Removes an offline download and its file (its owner or a project admin)',
        tags: ['export'],
        querystring: projectScope,
        body: removeJobRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query);
      const { viewer, project, role } = target;
      const job = await store.downloadJobs.find(request.body.id);
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
    },
  );

  api.get(
    '/download/file',
    {
      config: { access: 'project-member' },
      schema: {
        summary: "A finished export file: a member's own, or any of the project for its admins",
        tags: ['export'],
        querystring: projectScope.extend({ id: z.string().uuid('文件 ID 无效') }),
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query);
      const { viewer, project, role } = target;
      const job = await store.downloadJobs.find(request.query.id);
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
    },
  );
}
