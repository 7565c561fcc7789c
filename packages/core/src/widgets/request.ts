import type { Chart } from '../dashboard/chart.js';
import type { ChartRequest } from '../dashboard/query-state.js';
import { SORTS, type FilterField, type Sort, type ValueType } from '../posts/fields.js';
import type { Aggregation, FilterChip } from '../posts/query.js';
import type { SearchBodyOf } from './types.js';

/**
 * The request with the type's defaults where the widget configures nothing: its data source
 * (`aggs`, one of the type's `sources`) and, for terms, the grouped field and the number of groups.
 */
export function withDefaults<A extends Aggregation>(
  request: ChartRequest,
  defaults: { aggs: A; field?: FilterField; size?: number },
  sources: readonly A[] = [defaults.aggs],
): SearchBodyOf<A> {
  const { aggs, ...rest } = defaults;
  const out: ChartRequest = { ...request };
  for (const [key, value] of Object.entries(rest)) out[key] ??= value;
  // A chart configured with an aggregation its type cannot draw draws its type's default.
  return { ...out, aggs: sources.find((source) => source === request.aggs) ?? aggs };
}

/**
 * The value type a request asks for: switched by the viewer or configured (already in the
 * request), else the first the widget offers, else volume — the same order the frame shows.
 */
export function requestValueType(request: ChartRequest, chart: Chart): ValueType {
  return (request.value_type as ValueType | undefined) ?? chart.options.valueTypes?.[0] ?? 'volume';
}

/** A share of a total in [0, 1]; 0 when the total is not positive. */
export function shareOf(value: number, total: number): number {
  return total > 0 ? value / total : 0;
}

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
