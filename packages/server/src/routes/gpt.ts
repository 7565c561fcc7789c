import { LLM_CALLS } from '@yuqing/core';
import type { RequestLimits } from '../http/request-limits.js';
import type { ChatModel } from '../llm/chat-model.js';
import { modelNotConfigured } from '../llm/model-errors.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

/** `POST /gpt`: a conversation with the configured language model (project admins). */
export function gptRoutes(
  api: Api,
  _context: RouteContext,
  { model, limits }: { model?: ChatModel; limits: RequestLimits },
) {
  route(api, LLM_CALLS.gpt, async ({ request, reply, member, body }) => {
    if (!model) throw modelNotConfigured();
    const gone = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    return limits.run(reply, member.viewer.user.id, async () =>
      ok({ content: await model.chat(body, gone.signal, request.log) }),
    );
  });
}
