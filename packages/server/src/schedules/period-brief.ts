import { valueLabels, type RuleQuery } from '@yuqing/core';
import type { ExportMember } from '../export/exports.js';
import { reportFigures } from '../search/report-figures.js';
import { bodySearch, type SearchRunner } from '../search/searcher.js';
import { subjectScope } from '../search/subject-scope.js';
import type { Store } from '../store/index.js';

/** A run's period in the rule-written summary's sentences, within the member's scope. */
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
  return (await reportFigures(search, query, valueLabels(project.profile))).lines;
}
