import { MANAGE_CALLS, projectPath } from '@yuqing/core';
import { conflict, notFound } from '../errors.js';
import { DuplicateProjectError } from '../store/index.js';
import { DASHBOARD_BODY_LIMIT, checkPagesInMenu } from './manage-draft.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

/** A page-set template, named by its name (its key within the customer). */
const templateTarget = (name: string) => ({ type: 'page_template' as const, id: name, name });

/** Page-set templates of the project's customer, and copying a project (admins). */
export function manageTemplateRoutes(api: Api, { store, access, audit }: RouteContext) {
  route(
    api,
    MANAGE_CALLS.saveTemplate,
    async ({ request, member, body }) => {
      const { project, viewer } = member;
      checkPagesInMenu(body.template);
      await store.templates.save(project.customerId, body, viewer.user.id);
      await audit(request, member, 'page_template.save', templateTarget(body.name), {
        customer: project.customerCode,
        pages: Object.keys(body.template.pages).length,
      });
      return ok(null);
    },
    { bodyLimit: DASHBOARD_BODY_LIMIT },
  );

  route(api, MANAGE_CALLS.templates, async ({ member }) =>
    ok(await store.templates.list(member.project.customerId)),
  );

  route(api, MANAGE_CALLS.template, async ({ member, query }) => {
    const { name } = query;
    const template = await store.templates.find(member.project.customerId, name);
    if (!template) throw notFound(`name: 模板「${name}」不存在`);
    return ok(template);
  });

  route(api, MANAGE_CALLS.deleteTemplate, async ({ request, member, query }) => {
    const { name } = query;
    if (!(await store.templates.remove(member.project.customerId, name))) {
      throw notFound(`name: 模板「${name}」不存在`);
    }
    await audit(request, member, 'page_template.delete', templateTarget(name), {
      customer: member.project.customerCode,
    });
    return ok(null);
  });

  route(api, MANAGE_CALLS.copyProject, async ({ request, member, body }) => {
    const { project, viewer } = member;
    const { project: code, name, subjects } = body;
    try {
      const id = await store.projectCopy.copy(
        project,
        { code, name, subjects },
        viewer.user.id,
        !viewer.user.isSuperAdmin,
      );
      access.forgetAccess();
      const path = projectPath({
        repository: project.repository,
        customer: project.customerCode,
        project: code,
      });
      // Written in the source project, naming the copy; as the console's copies are.
      await audit(
        request,
        member,
        'project.create',
        { type: 'project', id, name: path },
        {
          repository: project.repository,
          customer: project.customerCode,
          code,
          name,
          source: { kind: 'copy', projectId: project.id, subjects },
        },
      );
      return ok({ projectID: id, path });
    } catch (error) {
      if (error instanceof DuplicateProjectError) throw conflict('项目编码已存在');
      throw error;
    }
  });
}
