import { projectPath, type ProjectScope } from '../location.js';
import { FILTER_FIELDS } from '../posts/fields.js';
import type { RuleQuery } from './rule.js';

/** The web's URL parameter that carries a dashboard's query state. */
export const DASHBOARD_QUERY_PARAM = 'query';

/**
 * The dashboard page opened on exactly a rule's query and a range: the project's path, then the
 * page's hash route with the query state as the dashboard keeps it in its URL (JSON without
 * empty parts, marked as changed by the viewer so the page's defaults do not replace it).
 */
export function dashboardLink(
  scope: ProjectScope,
  page: string,
  query: RuleQuery,
  range: { start: number; end: number },
): string {
  const state: Record<string, unknown> = { start: range.start, end: range.end, useModified: true };
  if (query.q) state.q = query.q;
  if (query.filters.length > 0) state.filters = query.filters;
  if (query.denoise) state.denoise = query.denoise;
  for (const field of FILTER_FIELDS) {
    const values = query[field];
    if (values && values.length > 0) state[field] = values;
  }
  const route = page.startsWith('/') ? page : `/${page}`;
  const parameter = `${DASHBOARD_QUERY_PARAM}=${encodeURIComponent(JSON.stringify(state))}`;
  return `${projectPath(scope)}#${route}?${parameter}`;
}
