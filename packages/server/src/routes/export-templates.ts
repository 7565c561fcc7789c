import { z } from 'zod';
import {
  TEMPLATE_MAX_BYTES,
  TEMPLATE_MAX_PER_KIND,
  envelope,
  exportTemplate,
  projectScope,
  removeTemplateRequest,
  uploadTemplateRequest,
  type TemplateKind,
} from '@yuqing/core';
import { badRequest, notFound } from '../errors.js';
import { readTemplateOffThread } from '../export/template-master.js';
import { exportTemplates, isBuiltInTemplate, presentTemplate } from '../export/templates.js';
import { ok, type Api, type RouteContext } from './context.js';

const pathScope = projectScope.pick({ repository: true, customer: true, project: true });
const subjectQuery = projectScope.pick({ subject_id: true });

const KINDS: readonly { prefix: string; kind: TemplateKind; label: string }[] = [
  { prefix: '/customlay/tmpls', kind: 'pptx', label: 'Slide' },
  { prefix: '/api/r11zt/tmpls', kind: 'docx', label: 'Word' },
];

/**
 * Export templates (spec 7 paths): the built-in ones and those a project admin uploaded as a
 * .pptx or .docx, of which the theme's colours and the master's logo are kept, not the file.
 */
export function exportTemplateRoutes(api: Api, { access, store, audit }: RouteContext) {
  for (const { prefix, kind, label } of KINDS) {
    const path = `${prefix}/:repository/:customer/:project`;

    api.get(
      path,
      {
        config: { access: 'project-member' },
        schema: {
          summary: `${label} templates of a project: built-in, then uploaded (logos by address)`,
          tags: ['export'],
          params: pathScope,
          querystring: subjectQuery,
          response: { 200: envelope(z.array(exportTemplate)) },
        },
      },
      async (request, reply) => {
        const { project } = await access.requireProject(request, reply, {
          ...request.params,
          ...request.query,
        });
        return ok(await exportTemplates(store, project, kind));
      },
    );

    api.post(
      path,
      {
        config: { access: 'project-admin' },
        // The file as base64, a third larger than its bytes, and the JSON around it.
        bodyLimit: Math.ceil((TEMPLATE_MAX_BYTES * 4) / 3) + 1024 * 1024,
        schema: {
          summary: `Uploads a ${label} template (.${kind}, at most 10 MB; project admins)`,
          description:
            "Keeps the theme's colour scheme (accent1-6, lt1) and the first PNG or JPEG of the " +
            `${kind === 'pptx' ? 'first slide master' : 'headers'} as its logo (at most 1 MB).`,
          tags: ['export'],
          params: pathScope,
          querystring: subjectQuery,
          body: uploadTemplateRequest,
          response: { 200: envelope(exportTemplate) },
        },
      },
      async (request, reply) => {
        const target = await access.requireProject(
          request,
          reply,
          { ...request.params, ...request.query },
          'admin',
        );
        const { project, viewer } = target;
        const { name, data } = request.body;
        const bytes = Buffer.from(data.slice(data.indexOf(',') + 1), 'base64');
        const master = await readTemplateOffThread(kind, bytes);
        if ((await store.exportTemplates.count(project.id, kind)) >= TEMPLATE_MAX_PER_KIND)
          throw badRequest(`每个项目最多上传 ${TEMPLATE_MAX_PER_KIND} 个模板，请先删除不用的模板`);
        const stored = await store.exportTemplates.add(project.id, {
          kind,
          name,
          ...master,
          createdBy: viewer.user.nickname || viewer.user.username,
        });
        await audit(
          request,
          target,
          'export_template.upload',
          { type: 'export_template', id: stored.id, name },
          { kind, size: bytes.byteLength },
        );
        return ok(presentTemplate(kind, project, stored));
      },
    );

    api.delete(
      path,
      {
        config: { access: 'project-admin' },
        schema: {
          summary: `Removes an uploaded ${label} template (project admins)`,
          tags: ['export'],
          params: pathScope,
          querystring: removeTemplateRequest.extend(subjectQuery.shape),
          response: { 200: envelope(z.null()) },
        },
      },
      async (request, reply) => {
        const target = await access.requireProject(
          request,
          reply,
          { ...request.params, subject_id: request.query.subject_id },
          'admin',
        );
        const { project } = target;
        const { id } = request.query;
        if (isBuiltInTemplate(id)) throw badRequest('内置模板不能删除');
        const stored = await store.exportTemplates.find(project.id, kind, id);
        if (!stored || !(await store.exportTemplates.remove(project.id, kind, id)))
          throw notFound(`模板 ${id} 不存在`);
        const removed = { type: 'export_template' as const, id, name: stored.name };
        await audit(request, target, 'export_template.delete', removed, { kind });
        return ok(null);
      },
    );

    api.get(
      `${path}/logo`,
      {
        config: { access: 'project-member' },
        schema: {
          summary: `The logo of an uploaded ${label} template`,
          tags: ['export'],
          params: pathScope,
          querystring: subjectQuery.extend({ id: z.string().uuid('模板 ID 无效') }),
        },
      },
      async (request, reply) => {
        const { project } = await access.requireProject(request, reply, {
          ...request.params,
          subject_id: request.query.subject_id,
        });
        const template = await store.exportTemplates.find(project.id, kind, request.query.id);
        if (!template?.logo) throw notFound('模板没有标志图片');
        return reply
          .type(template.logo.type)
          .header('cache-control', 'private, max-age=3600')
          .send(template.logo.data);
      },
    );
  }
}
