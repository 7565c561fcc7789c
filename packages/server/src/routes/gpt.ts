import { envelope, gptAnswer, gptRequest, projectScope, TIMEOUT_MS } from '@yuqing/core';
import type { RequestLimits } from '../http/request-limits.js';
import type { ChatModel } from '../llm/chat-model.js';
import { modelNotConfigured } from '../llm/model-errors.js';
import { ok, type Api, type RouteContext } from './context.js';

/** `POST /gpt`: a conversation with the configured language model (project admins). */
export function gptRoutes(
  api: Api,
  { access }: RouteContext,
  { model, limits }: { model?: ChatModel; limits: RequestLimits },
) {
  api.post(
    '/gpt',
    {
      config: { access: 'project-admin' },
      schema: {
        summary: "The language model's answer to a conversation (project admins)",
        description:
          `gpt3 and gpt4 are the models LLM_MODEL_GPT3 and LLM_MODEL_GPT4 name; ${TIMEOUT_MS.gpt / 1000} s ` +
          'in all, retried at most once, stopped when the browser goes away. The answer is the ' +
          "model's text: a JSON array of row objects is shown as a table, anything else as text.",
        tags: ['llm'],
        querystring: projectScope,
        body: gptRequest,
        response: { 200: envelope(gptAnswer) },
      },
    },
    async (request, reply) => {
      const { viewer } = await access.requireProject(request, reply, request.query, 'admin');
      if (!model) throw modelNotConfigured();
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      return limits.run(reply, viewer.user.id, async () =>
        ok({ content: await model.chat(request.body, gone.signal, request.log) }),
      );
    },
  );
}
