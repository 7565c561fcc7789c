import { z } from 'zod';
import { FILTER_FIELDS, INTERVALS, VALUE_TYPES, type FilterField } from '../posts/fields.js';
import { filterChip, type FilterChip } from '../posts/query.js';
import type { Chart } from './chart.js';
import { resolveDefaults } from './query-defaults.js';

const epochMs = z.number().int().min(0).max(8_640_000_000_000_000);
const valueList = z.array(z.string().max(500)).max(200);

/** What a viewer switched on one widget (spec 3, per-chart options). */
export const chartViewOptions = z
  .object({ value_type: z.enum(VALUE_TYPES), interval: z.enum(INTERVALS) })
  .partial();
export type ChartViewOptions = z.infer<typeof chartViewOptions>;

const fieldLists = Object.fromEntries(
  FILTER_FIELDS.map((field) => [field, valueList.optional()]),
) as {
  [K in FilterField]: z.ZodOptional<typeof valueList>;
};

/**
 * The query state of a dashboard (spec 3): one per open page, kept in the URL so that a copied
 * link opens the same view. `end` is exclusive.
 */
export const queryState = z.object({
  start: epochMs,
  end: epochMs,
  /** Set once the viewer changed anything; defaults of a page no longer replace the state. */
  useModified: z.boolean().default(false),
  q: z.string().max(2000).default(''),
  filters: z.array(filterChip).max(50).default([]),
  denoise: z.enum(['', 'NO']).default(''),
  chartOptions: z.record(z.string(), chartViewOptions).default({}),
  weiboRetweetedMid: z.string().max(100).optional(),
  ...fieldLists,
});
export type QueryState = z.infer<typeof queryState>;

/** Everything of a search request body that comes from the query and the widget. */
export type ChartRequest = Record<string, unknown> & { aggs?: string };

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/** Drops empty values and empty lists (spec 5) and the root path '/' of path fields. */
export function compactRequest(request: Record<string, unknown>): ChartRequest {
  const out: ChartRequest = {};
  for (const [key, raw] of Object.entries(request)) {
    const value =
      key.endsWith('_paths') && Array.isArray(raw) ? raw.filter((path) => path !== '/') : raw;
    if (!isEmpty(value)) out[key] = value;
  }
  return out;
}

/**
 * The POST /search body of one widget: the page's query, overridden by the widget's own defaults,
 * plus its fixed chips, its request options, and what the viewer switched on it.
 */
export function chartRequest(
  state: QueryState,
  widget: Pick<Chart, 'i' | 'aggs' | 'filter' | 'defaultQuery' | 'innerRequest'>,
  context: { now: number; timeZone: string },
): ChartRequest {
  const own = resolveDefaults(widget.defaultQuery, context.now, context.timeZone);
  const fields: Partial<Record<FilterField, string[]>> = {};
  for (const field of FILTER_FIELDS) {
    const list = own.fields[field] ?? state[field];
    if (list) fields[field] = list;
  }
  const switched = state.chartOptions[widget.i] ?? {};
  return compactRequest({
    start: own.range?.start ?? state.start,
    end: own.range?.end ?? state.end,
    q: own.q ?? state.q,
    denoise: own.denoise ?? state.denoise,
    filters: [...state.filters, ...widget.filter],
    ...fields,
    ...widget.innerRequest,
    ...switched,
    aggs: widget.aggs,
  });
}

/**
 * Drill-down: adds `value` to the included chip of `field`, or a new chip. A value already
 * included is left alone; an ignored chip of the field is re-enabled with the value added.
 */
export function addFilterValue(
  filters: readonly FilterChip[],
  field: FilterField,
  value: string,
): FilterChip[] {
  const index = filters.findIndex((chip) => chip.field === field && !chip.exclude);
  if (index === -1) return [...filters, { field, value: [value], exclude: false, ignore: false }];
  const chip = filters[index]!;
  const values = chip.value.includes(value) ? chip.value : [...chip.value, value];
  return filters.map((c, i) => (i === index ? { ...chip, value: values, ignore: false } : c));
}
