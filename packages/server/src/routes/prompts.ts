import { z } from 'zod';
import {
  PROMPT_MAX_PER_PROJECT,
  envelope,
  projectScope,
  prompt,
  promptIdQuery,
  promptInput,
  updatePromptRequest,
  type Prompt,
} from '@yuqing/core';
import { badRequest, notFound } from '../errors.js';
import type { RequestLimits } from '../http/request-limits.js';
import { ok, type Api, type RouteContext } from './context.js';

const PROMPT_NOT_FOUND = '_id: 提示词不存在';

/** The fields of a prompt an edit changed, by name (a prompt holds no secret). */
function changedFields(before: Prompt, after: Prompt): string[] {
  const fields = Object.keys(promptInput.shape) as (keyof Prompt)[];
  return fields.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

/** The project's prompts of the language-model analysis (spec 3 Prompt), for its admins. */
/** A prompt as an audit entry names it. */
const promptTarget = ({ _id, name }: Pick<Prompt, '_id' | 'name'>) => ({
  type: 'prompt' as const,
  id: _id,
  name,
});

export function promptRoutes(
  api: Api,
  { access, store, audit }: RouteContext,
  limits: RequestLimits,
) {
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
      const target = await access.requireProject(request, reply, request.query, 'admin');
      const { project, viewer } = target;
      return limits.run(reply, viewer.user.id, async () => {
        if ((await store.prompts.count(project.id)) >= PROMPT_MAX_PER_PROJECT) {
          throw badRequest(`每个项目最多保存 ${PROMPT_MAX_PER_PROJECT} 条提示词`);
        }
        const added = await store.prompts.add(project.id, request.body);
        await audit(request, target, 'prompt.create', promptTarget(added));
        return ok(added);
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
      const target = await access.requireProject(request, reply, request.query, 'admin');
      const { project, viewer } = target;
      const { _id, ...fields } = request.body;
      return limits.run(reply, viewer.user.id, async () => {
        const before = (await store.prompts.list(project.id)).find((each) => each._id === _id);
        const edited = before && (await store.prompts.update(project.id, _id, fields));
        if (!before || !edited) throw notFound(PROMPT_NOT_FOUND);
        await audit(request, target, 'prompt.update', promptTarget(edited), {
          ...(before.name !== edited.name && { name: { from: before.name, to: edited.name } }),
          changed: changedFields(before, edited),
        });
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
      const target = await access.requireProject(request, reply, scope, 'admin');
      const { project, viewer } = target;
      return limits.run(reply, viewer.user.id, async () => {
        const removed = (await store.prompts.list(project.id)).find((each) => each._id === _id);
        if (!removed || !(await store.prompts.remove(project.id, _id)))
          throw notFound(PROMPT_NOT_FOUND);
        await audit(request, target, 'prompt.delete', promptTarget(removed));
        return ok(null);
      });
    },
  );
}
