import { z } from 'zod';
import {
  PROMPT_MAX_PER_PROJECT,
  envelope,
  projectScope,
  prompt,
  promptIdQuery,
  promptInput,
  updatePromptRequest,
} from '@yuqing/core';
import { badRequest, notFound } from '../errors.js';
import type { RequestLimits } from '../http/request-limits.js';
import { ok, type Api, type RouteContext } from './context.js';

const PROMPT_NOT_FOUND = '_id: 提示词不存在';

/** The project's prompts of the language-model analysis (spec 3 Prompt), for its admins. */
export function promptRoutes(api: Api, { access, store }: RouteContext, limits: RequestLimits) {
  api.get(
    '/project_prompt',
    {
      config: { access: 'project-admin' },
      schema: {
        summary: "The project's prompts, oldest first (project admins)",
        tags: ['llm'],
        querystring: projectScope,
        response: { 200: envelope(z.array(prompt)) },
      },
    },
    async (request, reply) => {
      const { project, viewer } = await access.requireProject(
        request,
        reply,
        request.query,
        'admin',
      );
      return limits.run(reply, viewer.user.id, async () =>
        ok(await store.prompts.list(project.id)),
      );
    },
  );

  api.post(
    '/project_prompt',
    {
      config: { access: 'project-admin' },
      schema: {
        summary: `Adds a prompt (project admins; at most ${PROMPT_MAX_PER_PROJECT} a project)`,
        tags: ['llm'],
        querystring: projectScope,
        body: promptInput,
        response: { 200: envelope(prompt) },
      },
    },
    async (request, reply) => {
      const { project, viewer } = await access.requireProject(
        request,
        reply,
        request.query,
        'admin',
      );
      return limits.run(reply, viewer.user.id, async () => {
        if ((await store.prompts.count(project.id)) >= PROMPT_MAX_PER_PROJECT) {
          throw badRequest(`每个项目最多保存 ${PROMPT_MAX_PER_PROJECT} 条提示词`);
        }
        return ok(await store.prompts.add(project.id, request.body));
      });
    },
  );

  api.put(
    '/project_prompt',
    {
      config: { access: 'project-admin' },
      schema: {
        summary: 'Replaces the fields of a prompt named by its _id (project admins)',
        tags: ['llm'],
        querystring: projectScope,
        body: updatePromptRequest,
        response: { 200: envelope(prompt) },
      },
    },
    async (request, reply) => {
      const { project, viewer } = await access.requireProject(
        request,
        reply,
        request.query,
        'admin',
      );
      const { _id, ...fields } = request.body;
      return limits.run(reply, viewer.user.id, async () => {
        const edited = await store.prompts.update(project.id, _id, fields);
        if (!edited) throw notFound(PROMPT_NOT_FOUND);
        return ok(edited);
      });
    },
  );

  api.delete(
    '/project_prompt',
    {
      config: { access: 'project-admin' },
      schema: {
        summary: 'Deletes a prompt (project admins)',
        tags: ['llm'],
        querystring: projectScope.extend(promptIdQuery.shape),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const { _id, ...scope } = request.query;
      const { project, viewer } = await access.requireProject(request, reply, scope, 'admin');
      return limits.run(reply, viewer.user.id, async () => {
        if (!(await store.prompts.remove(project.id, _id))) throw notFound(PROMPT_NOT_FOUND);
        return ok(null);
      });
    },
  );
}
