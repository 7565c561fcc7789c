import { z } from 'zod';
import {
  envelope,
  projectDataItem,
  projectScope,
  type OptionItem,
  type ProjectDataItem,
} from '@yuqing/core';
import { badRequest, notFound } from '../errors.js';
import { ok, type Api, type RouteContext } from './context.js';

/**
 * What the schema cannot say: a list has no children, and values are unique among siblings
 * (options and tree nodes are keyed by value). Throws a 400 naming the first problem.
 */
export function checkProjectDataItem(item: ProjectDataItem) {
  const visit = (items: OptionItem[], path: string) => {
    const seen = new Set<string>();
    items.forEach((option, index) => {
      const at = `${path}.${index}`;
      if (seen.has(option.value))
        throw badRequest(`${at}.value: 值「${option.value}」在同一层重复`);
      seen.add(option.value);
      if (!option.children) return;
      if (item.kind === 'list') throw badRequest(`${at}.children: 列表的项不能有子项`);
      visit(option.children, `${at}.children`);
    });
  };
  visit(item.items, 'items');
}

/** A project data item, named by its name (its key within the project). */
const dataTarget = (name: string) => ({ type: 'project_data' as const, id: name, name });

/**
 * Project data items: filter options with an `api` source and custom tree menus read them;
 * admins write them.
 */
export function projectDataRoutes(api: Api, { store, access, audit }: RouteContext) {
  api.get(
    '/project_data',
    {
      config: { access: 'project-member' },
      schema: {
        summary: "The project's named option lists and trees",
        tags: ['project data'],
        querystring: projectScope,
        response: { 200: envelope(z.array(projectDataItem)) },
      },
    },
    async (request, reply) => {
      const { project } = await access.requireProject(request, reply, request.query);
      return ok(await store.projectData.list(project.id));
    },
  );

  api.get(
    '/project_data_item',
    {
      config: { access: 'project-member' },
      schema: {
        summary: 'One named option list or tree',
        tags: ['project data'],
        querystring: projectScope.extend({ name: z.string().trim().min(1).max(100) }),
        response: { 200: envelope(projectDataItem) },
      },
    },
    async (request, reply) => {
      const { name, ...scope } = request.query;
      const { project } = await access.requireProject(request, reply, scope);
      const item = await store.projectData.find(project.id, name);
      if (!item) throw notFound(`name: 数据项「${name}」不存在`);
      return ok(item);
    },
  );

  api.post(
    '/project_data',
    {
      config: { access: 'project-admin' },
      bodyLimit: 5 * 1024 * 1024,
      schema: {
        summary: 'Save a named option list or tree; a same name replaces it (admins)',
        tags: ['project data'],
        querystring: projectScope,
        body: projectDataItem,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query, 'admin');
      checkProjectDataItem(request.body);
      await store.projectData.save(target.project.id, request.body);
      const { name, kind, items } = request.body;
      await audit(request, target, 'project_data.save', dataTarget(name), {
        kind,
        items: items.length,
      });
      return ok(null);
    },
  );

  api.delete(
    '/project_data',
    {
      config: { access: 'project-admin' },
      schema: {
        summary: 'Delete a named option list or tree (admins)',
        tags: ['project data'],
        querystring: projectScope.extend({ name: z.string().trim().min(1).max(100) }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const { name, ...scope } = request.query;
      const target = await access.requireProject(request, reply, scope, 'admin');
      if (!(await store.projectData.remove(target.project.id, name))) {
        throw notFound(`name: 数据项「${name}」不存在`);
      }
      await audit(request, target, 'project_data.delete', dataTarget(name));
      return ok(null);
    },
  );
}
