import { LLM_CALLS, type CallPartInput, type ModelReportSummary } from '@yuqing/core';
import { call } from './call';

/**
 * `POST /ai_report/summary`: the language model's summary of the report's numbers, or null
 * without a model. `quiet`: on failure the page keeps its rule-based summary.
 */
export function fetchModelSummary(
  query: Record<string, unknown>,
  signal: AbortSignal,
): Promise<ModelReportSummary> {
  // The page's query as its URL holds it; the server validates it.
  const body = query as CallPartInput<typeof LLM_CALLS.reportSummary, 'body'>;
  return call(LLM_CALLS.reportSummary, { body }, { timeout: 'gpt', quiet: true, signal });
}
