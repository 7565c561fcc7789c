import { z } from 'zod';
import {
  copyProjectAnswer,
  copyProjectRequest,
  deleteTemplateQuery,
  envelope,
  projectPath,
  projectScope,
  projectTemplate,
  templateListItem,
} from '@yuqing/core';
import { conflict, notFound } from '../errors.js';
import { DuplicateProjectError } from '../store/index.js';
import { DASHBOARD_BODY_LIMIT, checkPagesInMenu } from './manage-draft.js';
import { ok, type Api, type RouteContext } from './context.js';

/** A page-set template, named by its name (its key within the customer). */
const templateTarget = (name: string) => ({ type: 'page_template' as const, id: name, name });

/** Page-set templates of the project's customer, and copying a project (admins). */
export function manageTemplateRoutes(api: Api, { store, access, audit }: RouteContext) {
  api.post(
    '/project_template',
    {
      config: { access: 'project-admin' },
      bodyLimit: DASHBOARD_BODY_LIMIT,
      schema: {
        summary: "Save a page set as a template of the project's customer; a same name replaces it",
        tags: ['manage'],
        querystring: projectScope,
        body: projectTemplate,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query, 'admin');
      const { project, viewer } = target;
      checkPagesInMenu(request.body.template);
      await store.templates.save(project.customerId, request.body, viewer.user.id);
      await audit(request, target, 'page_template.save', templateTarget(request.body.name), {
        customer: project.customerCode,
        pages: Object.keys(request.body.template.pages).length,
      });
      return ok(null);
    },
  );

  api.get(
    '/project_template',
    {
      config: { access: 'project-admin' },
      schema: {
        summary: "The templates of the project's customer (admins)",
        tags: ['manage'],
        querystring: projectScope,
        response: { 200: envelope(z.array(templateListItem)) },
      },
    },
    async (request, reply) => {
      const { project } = await access.requireProject(request, reply, request.query, 'admin');
      return ok(await store.templates.list(project.customerId));
    },
  );

  api.get(
    '/project_template_item',
    {
      config: { access: 'project-admin' },
      schema: {
        summary: 'One template with its pages, to create pages from (admins)',
        tags: ['manage'],
        querystring: projectScope.extend(deleteTemplateQuery.shape),
        response: { 200: envelope(projectTemplate) },
      },
    },
    async (request, reply) => {
      const { name, ...scope } = request.query;
      const { project } = await access.requireProject(request, reply, scope, 'admin');
      const template = await store.templates.find(project.customerId, name);
      if (!template) throw notFound(`name: 模板「${name}」不存在`);
      return ok(template);
    },
  );

  api.delete(
    '/project_template',
    {
      config: { access: 'project-admin' },
      schema: {
        summary: 'Delete a template (admins)',
        tags: ['manage'],
        querystring: projectScope.extend(deleteTemplateQuery.shape),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const { name, ...scope } = request.query;
      const target = await access.requireProject(request, reply, scope, 'admin');
      if (!(await store.templates.remove(target.project.customerId, name))) {
        throw notFound(`name: 模板「${name}」不存在`);
      }
      await audit(request, target, 'page_template.delete', templateTarget(name), {
        customer: target.project.customerCode,
      });
      return ok(null);
    },
  );

  api.post(
    '/project_copy',
    {
      config: { access: 'project-admin' },
      schema: {
        summary:
          "Copy the project (profile, draft, newest published version, project data, and the subjects when asked) to a new project of the same customer (the source's admins)",
        tags: ['manage'],
        querystring: projectScope,
        body: copyProjectRequest,
        response: { 200: envelope(copyProjectAnswer) },
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query, 'admin');
      const { project, viewer } = target;
      const { project: code, name, subjects } = request.body;
      try {
        const id = await store.projectCopy.copy(
          project,
          { code, name, subjects },
          viewer.user.id,
          !viewer.user.isSuperAdmin,
        );
        const path = projectPath({
          repository: project.repository,
          customer: project.customerCode,
          project: code,
        });
        // Written in the source project, naming the copy; as the console's copies are.
        await audit(
          request,
          target,
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
    },
  );
}
