import {
  envelope,
  modelReportSummary,
  postQuery,
  projectScope,
  summarizeReport,
  summarySearches,
  valueLabels,
  nameValue,
  statisticsAnswer,
} from '@yuqing/core';
import { z } from 'zod';
import type { RequestLimits } from '../http/request-limits.js';
import type { ReportSummaryWriter } from '../llm/report-summary-writer.js';
import { bodySearch, type SearchRunner } from '../search/searcher.js';
import { subjectScope } from '../search/subject-scope.js';
import { ok, type Api, type RouteContext } from './context.js';

const platformsAnswer = z.object({ list: z.array(nameValue) });

/**
 * `POST /ai_report/summary`: the AI report's summary as the language model writes it from the
 * numbers the page shows (members; null without a model, and the page keeps its rule-based text).
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
        summary: "The language model's summary of the AI report's numbers under a query",
        description:
          'Null when no model is configured or no post matches. The model is given the numbers ' +
          "the rule-based summary states, and nothing else of the caller's.",
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
      const searches = summarySearches(request.body);
      const [statistics, platforms] = await Promise.all([
        search(searches.statistics).then((answer) => statisticsAnswer.parse(answer)),
        search(searches.platforms).then((answer) => platformsAnswer.parse(answer)),
      ]);
      if (statistics.current.volume === 0) return ok(null);
      const top = platforms.list[0];
      const labels = valueLabels(project.profile);
      const leading = top && { name: labels.get(top.name) ?? top.name, value: top.value };
      const numbers = summarizeReport(statistics, leading);
      return limits.run(reply, viewer.user.id, async () =>
        ok({ lines: await writer.write(numbers, gone.signal, request.log) }),
      );
    },
  );
}
