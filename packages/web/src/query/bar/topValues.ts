import {
  FILTER_FIELDS,
  compactRequest,
  topLevelFor,
  type ChartRequest,
  type FilterField,
  type QueryState,
} from '@yuqing/core';

/**
 * The top-values call of a filter (spec 7): a search with the current query's fields plus
 * `field`, `level` and `aggs = common_top5`. For a path field the level is the depth of the first
 * selected path minus one, otherwise 0 (spec 5).
 */
export function topValuesRequest(query: QueryState, field: FilterField): ChartRequest {
  const fields = Object.fromEntries(FILTER_FIELDS.map((name) => [name, query[name]]));
  return compactRequest({
    start: query.start,
    end: query.end,
    q: query.q,
    denoise: query.denoise,
    filters: query.filters,
    ...fields,
    field,
    level: field.endsWith('_paths') ? topLevelFor(query[field]) : 0,
    aggs: 'common_top5',
  });
}
