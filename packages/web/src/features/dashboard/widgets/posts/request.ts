import { SORTS, type Chart, type ChartRequest, type FilterChip, type Sort } from '@yuqing/core';

/** The search body of a post widget without what paging sets: page, size, sort and aggs. */
export function baseRequest(request: ChartRequest): ChartRequest {
  const rest = { ...request };
  for (const key of ['page', 'size', 'sort', 'aggs']) delete rest[key];
  return rest;
}

/** The widget's page size: its configured `size`, else the type's default. */
export function requestSize(request: ChartRequest, fallback: number): number {
  const size = request.size;
  return typeof size === 'number' && size >= 1 ? Math.min(size, 100) : fallback;
}

/** The widget's configured sort, else the fallback. */
export function requestSort(request: ChartRequest, fallback: Sort): Sort {
  const sort = request.sort;
  return typeof sort === 'string' && (SORTS as readonly string[]).includes(sort)
    ? (sort as Sort)
    : fallback;
}

/** The body narrowed to one value of a field: an included chip added to its filters. */
export function withValue(
  request: ChartRequest,
  field: FilterChip['field'],
  value: string,
): ChartRequest {
  const filters = Array.isArray(request.filters) ? (request.filters as FilterChip[]) : [];
  return {
    ...request,
    filters: [...filters, { field, value: [value], exclude: false, ignore: false }],
  };
}

/** The field whose values are the tabs of a tab-post widget. */
export const tabField = (chart: Chart) => chart.options.tabField ?? 'tendency';
