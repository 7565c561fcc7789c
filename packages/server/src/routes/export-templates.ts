import {
  EXPORT_TEMPLATE_CALLS,
  TEMPLATE_KINDS,
  TEMPLATE_MAX_BYTES,
  TEMPLATE_MAX_PER_KIND,
} from '@yuqing/core';
import { badRequest, notFound } from '../errors.js';
import { readTemplateOffThread } from '../export/template-master.js';
import { exportTemplates, isBuiltInTemplate, presentTemplate } from '../export/templates.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

/**
 * Export templates (spec 7 paths): the built-in ones and those a project admin uploaded as a
 * .pptx or .docx, of which the theme's colours and the master's logo are kept, not the file.
 */
export function exportTemplateRoutes(api: Api, { store, audit }: RouteContext) {
  for (const kind of TEMPLATE_KINDS) {
    const calls = EXPORT_TEMPLATE_CALLS[kind];

    route(api, calls.list, async ({ member: { project } }) =>
      ok(await exportTemplates(store, project, kind)),
    );

    route(
      api,
      calls.upload,
      async ({ request, member: target, body }) => {
        const { project, viewer } = target;
        const { name, data } = body;
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
      // The file as base64, a third larger than its bytes, and the JSON around it.
      { bodyLimit: Math.ceil((TEMPLATE_MAX_BYTES * 4) / 3) + 1024 * 1024 },
    );

    route(api, calls.remove, async ({ request, member: target, query }) => {
      const { project } = target;
      const { id } = query;
      if (isBuiltInTemplate(id)) throw badRequest('内置模板不能删除');
      const stored = await store.exportTemplates.find(project.id, kind, id);
      if (!stored || !(await store.exportTemplates.remove(project.id, kind, id)))
        throw notFound(`模板 ${id} 不存在`);
      const removed = { type: 'export_template' as const, id, name: stored.name };
      await audit(request, target, 'export_template.delete', removed, { kind });
      return ok(null);
    });

    route(api, calls.logo, async ({ reply, member: { project }, query }) => {
      const template = await store.exportTemplates.find(project.id, kind, query.id);
      if (!template?.logo) throw notFound('模板没有标志图片');
      return reply
        .type(template.logo.type)
        .header('cache-control', 'private, max-age=3600')
        .send(template.logo.data);
    });
  }
}
