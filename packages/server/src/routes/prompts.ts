import { LLM_CALLS, PROMPT_MAX_PER_PROJECT, promptInput, type Prompt } from '@yuqing/core';
import { badRequest, notFound } from '../errors.js';
import type { RequestLimits } from '../http/request-limits.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

const PROMPT_NOT_FOUND = '_id: 提示词不存在';

/** The fields of a prompt an edit changed, by name (a prompt holds no secret). */
function changedFields(before: Prompt, after: Prompt): string[] {
  const fields = Object.keys(promptInput.shape) as (keyof Prompt)[];
  return fields.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

/** A prompt as an audit entry names it. */
const promptTarget = ({ _id, name }: Pick<Prompt, '_id' | 'name'>) => ({
  type: 'prompt' as const,
  id: _id,
  name,
});

/** The project's prompts of the language-model analysis (spec 3 Prompt), for its admins. */
export function promptRoutes(api: Api, { store, audit }: RouteContext, limits: RequestLimits) {
  route(api, LLM_CALLS.prompts, async ({ reply, member: { project, viewer } }) =>
    limits.run(reply, viewer.user.id, async () => ok(await store.prompts.list(project.id))),
  );

  route(api, LLM_CALLS.addPrompt, async ({ request, reply, member, body }) => {
    const { project, viewer } = member;
    return limits.run(reply, viewer.user.id, async () => {
      if ((await store.prompts.count(project.id)) >= PROMPT_MAX_PER_PROJECT) {
        throw badRequest(`每个项目最多保存 ${PROMPT_MAX_PER_PROJECT} 条提示词`);
      }
      const added = await store.prompts.add(project.id, body);
      await audit(request, member, 'prompt.create', promptTarget(added));
      return ok(added);
    });
  });

  route(api, LLM_CALLS.updatePrompt, async ({ request, reply, member, body }) => {
    const { project, viewer } = member;
    const { _id, ...fields } = body;
    return limits.run(reply, viewer.user.id, async () => {
      const before = (await store.prompts.list(project.id)).find((each) => each._id === _id);
      const edited = before && (await store.prompts.update(project.id, _id, fields));
      if (!before || !edited) throw notFound(PROMPT_NOT_FOUND);
      await audit(request, member, 'prompt.update', promptTarget(edited), {
        ...(before.name !== edited.name && { name: { from: before.name, to: edited.name } }),
        changed: changedFields(before, edited),
      });
      return ok(edited);
    });
  });

  route(api, LLM_CALLS.removePrompt, async ({ request, reply, member, query }) => {
    const { _id } = query;
    const { project, viewer } = member;
    return limits.run(reply, viewer.user.id, async () => {
      const removed = (await store.prompts.list(project.id)).find((each) => each._id === _id);
      if (!removed || !(await store.prompts.remove(project.id, _id)))
        throw notFound(PROMPT_NOT_FOUND);
      await audit(request, member, 'prompt.delete', promptTarget(removed));
      return ok(null);
    });
  });
}
