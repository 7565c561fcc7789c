import {
  BRIEF_MIN_POSTS,
  envelope,
  insufficientBrief,
  modelReportSummary,
  postQuery,
  projectScope,
  valueLabels,
} from '@yuqing/core';
import type { RequestLimits } from '../http/request-limits.js';
import type { ReportSummaryWriter } from '../llm/report-summary-writer.js';
import { briefInputs, briefPrompt } from '../llm/brief-inputs.js';
import { bodySearch, type SearchRunner } from '../search/searcher.js';
import { subjectScope } from '../search/subject-scope.js';
import { ok, type Api, type RouteContext } from './context.js';

/**
 * `POST /ai_report/summary`: the AI report's brief as the language model writes it from the
 * numbers the page shows and its top posts, citing them (members; null without a model, and the
 * page keeps its rule-based text).
 */
export function aiReportSummaryRoutes(
  api: Api,
  { access, store }: RouteContext,
  {
    writer,
    runner,
    limits,
  }: { writer?: ReportSummaryWriter; runner: SearchRunner; limits: RequestLimits },
) {
  api.post(
    '/ai_report/summary',
    {
      config: { access: 'project-member' },
      schema: {
        summary: "The language model's brief of the AI report's numbers under a query",
        description:
          'Null when no model is configured or no post matches. The model is given the numbers ' +
          "the rule-based summary states and the top posts, numbered, and nothing else of the caller's; " +
          'it cites them as [n], and sentences stating numbers it was not given are dropped. ' +
          `Under ${BRIEF_MIN_POSTS} posts the brief says 数据不足 without asking the model.`,
        tags: ['llm'],
        querystring: projectScope,
        body: postQuery,
        response: { 200: envelope(modelReportSummary) },
      },
    },
    async (request, reply) => {
      const { viewer, project, subject } = await access.requireProject(
        request,
        reply,
        request.query,
      );
      if (!writer) return ok(null);
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      const scope = { projectId: project.id, timeZone: project.profile.timezone };
      const chips = await subjectScope(store, project.id, subject);
      const search = bodySearch(runner, scope, chips, gone.signal, { hits: 0, misses: 0 });
      const inputs = await briefInputs(search, request.body, valueLabels(project.profile));
      if (inputs.volume === 0) return ok(null);
      if (inputs.volume < BRIEF_MIN_POSTS)
        return ok({
          lines: insufficientBrief(inputs.volume),
          sources: [],
          dropped: 0,
          insufficient: true,
        });
      const { sources } = inputs;
      const prompt = await briefPrompt(store, project.id);
      return limits.run(reply, viewer.user.id, async () => {
        const brief = await writer.write(prompt, sources, gone.signal, request.log);
        return ok({ ...brief, sources, insufficient: false });
      });
    },
  );
}
