import { z } from 'zod';
import { envelope, projectDataItem, projectScope } from '@yuqing/core';
import { notFound } from '../errors.js';
import { ok, type Api, type RouteContext } from './context.js';

/** Reading project data items: filter options with an `api` source and custom tree menus. */
export function projectDataRoutes(api: Api, { store, access }: RouteContext) {
  api.get(
    '/project_data',
    {
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
}
