import { BRIEF_MIN_POSTS, LLM_CALLS, insufficientBrief, valueLabels } from '@yuqing/core';
import type { RequestLimits } from '../http/request-limits.js';
import type { ReportSummaryWriter } from '../llm/report-summary-writer.js';
import { briefInputs, briefPrompt } from '../llm/brief-inputs.js';
import { bodySearch, type SearchRunner } from '../search/searcher.js';
import { subjectScope } from '../search/subject-scope.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

/**
 * `POST /ai_report/summary`: the AI report's brief as the language model writes it from the
 * numbers the page shows and its top posts, citing them (members; null without a model, and the
 * page keeps its rule-based text).
 */
export function aiReportSummaryRoutes(
  api: Api,
  { store }: RouteContext,
  {
    writer,
    runner,
    limits,
  }: { writer?: ReportSummaryWriter; runner: SearchRunner; limits: RequestLimits },
) {
  route(api, LLM_CALLS.reportSummary, async ({ request, reply, member, body }) => {
    const { viewer, project, subject } = member;
    if (!writer) return ok(null);
    const gone = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    const scope = { projectId: project.id, timeZone: project.profile.timezone };
    const chips = await subjectScope(store, project.id, subject);
    const search = bodySearch(runner, scope, chips, gone.signal, { hits: 0, misses: 0 });
    const inputs = await briefInputs(search, body, valueLabels(project.profile));
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
  });
}
