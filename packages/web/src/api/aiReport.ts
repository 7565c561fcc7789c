import { modelReportSummary, type ModelReportSummary } from '@yuqing/core';
import { request } from './client';

/**
 * `POST /ai_report/summary`: the language model's summary of the report's numbers, or null
 * without a model. `quiet`: on failure the page keeps its rule-based summary.
 */
export function fetchModelSummary(
  query: Record<string, unknown>,
  signal: AbortSignal,
): Promise<ModelReportSummary> {
  return request('/ai_report/summary', modelReportSummary, {
    method: 'POST',
    body: query,
    timeout: 'gpt',
    quiet: true,
    signal,
  });
}
