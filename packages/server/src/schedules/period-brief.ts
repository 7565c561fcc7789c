import {
  nameValue,
  statisticsAnswer,
  summarizeReport,
  summarySearches,
  valueLabels,
  type RuleQuery,
} from '@yuqing/core';
import { z } from 'zod';
import type { ExportMember } from '../export/exports.js';
import { bodySearch, type SearchRunner } from '../search/searcher.js';
import { subjectScope } from '../search/subject-scope.js';
import type { Store } from '../store/index.js';

const platformsAnswer = z.object({ list: z.array(nameValue) });

/**
 * The period's figures in the sentences the AI report's rule-written summary states (volume and
 * its change, the sentiment split, engagement, the leading platform).
 */
export async function periodBrief(
  store: Store,
  runner: SearchRunner,
  member: ExportMember,
  query: RuleQuery & { start: number; end: number },
  signal: AbortSignal,
): Promise<string[]> {
  const { project, subject } = member;
  const scope = { projectId: project.id, timeZone: project.profile.timezone };
  const chips = await subjectScope(store, project.id, subject);
  const search = bodySearch(runner, scope, chips, signal, { hits: 0, misses: 0 });
  const searches = summarySearches(query);
  const [statistics, platforms] = await Promise.all([
    search(searches.statistics).then((answer) => statisticsAnswer.parse(answer)),
    search(searches.platforms).then((answer) => platformsAnswer.parse(answer)),
  ]);
  const labels = valueLabels(project.profile);
  const top = platforms.list[0];
  return summarizeReport(
    statistics,
    top && { name: labels.get(top.name) ?? top.name, value: top.value },
  );
}
