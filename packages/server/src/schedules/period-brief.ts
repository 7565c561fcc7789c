import { BRIEF_MIN_POSTS, valueLabels, type RuleQuery } from '@yuqing/core';
import type { FastifyBaseLogger } from 'fastify';
import type { ExportMember } from '../export/exports.js';
import { briefInputs, briefPrompt } from '../llm/brief-inputs.js';
import type { ReportSummaryWriter } from '../llm/report-summary-writer.js';
import { reportFigures } from '../search/report-figures.js';
import { bodySearch, type SearchRunner } from '../search/searcher.js';
import { subjectScope } from '../search/subject-scope.js';
import type { Store } from '../store/index.js';

/** The language model a server has, and the log its calls write to. */
export interface BriefModel {
  writer: ReportSummaryWriter;
  log: FastifyBaseLogger;
}

/** The model's paragraphs a message carries: its first lines; the report holds the rest. */
const MODEL_LINES = 2;

/** A paragraph without its citations, which a chat message cannot link to their sources. */
const withoutCitations = (line: string) => line.replace(/\s*\[\d{1,3}\]/g, '');

/**
 * A run's period in words: the rule-written figures, and with a model the first lines of its
 * checked brief (sentences stating numbers the sources lack were dropped). A model that fails
 * leaves the figures alone: the run goes on.
 */
export async function periodBrief(
  store: Store,
  runner: SearchRunner,
  member: ExportMember,
  query: RuleQuery & { start: number; end: number },
  signal: AbortSignal,
  model: BriefModel | undefined,
): Promise<{ figures: string[]; model: string[] }> {
  const { project, subject } = member;
  const scope = { projectId: project.id, timeZone: project.profile.timezone };
  const chips = await subjectScope(store, project.id, subject);
  const search = bodySearch(runner, scope, chips, signal, { hits: 0, misses: 0 });
  const labels = valueLabels(project.profile);
  if (!model) return { figures: (await reportFigures(search, query, labels)).lines, model: [] };
  const inputs = await briefInputs(search, query, labels);
  if (inputs.volume < BRIEF_MIN_POSTS) return { figures: inputs.figures, model: [] };
  try {
    const prompt = await briefPrompt(store, project.id);
    const brief = await model.writer.write(prompt, inputs.sources, signal, model.log);
    return {
      figures: inputs.figures,
      model: brief.lines.slice(0, MODEL_LINES).map(withoutCitations),
    };
  } catch (error) {
    model.log.warn({ err: error }, 'the model wrote no brief for a scheduled report');
    return { figures: inputs.figures, model: [] };
  }
}
