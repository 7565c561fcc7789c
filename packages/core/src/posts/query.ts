import { z } from 'zod';
import {
  FILTER_FIELDS,
  INTERVALS,
  PATH_FIELDS,
  SORTS,
  TERM_FIELDS,
  VALUE_TYPES,
  type FilterField,
} from './fields.js';

/** A value list as the web sends it: one string or a list; empties are dropped (spec 5). */
const values = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value]).map((v) => v.trim()).filter(Boolean),
  );

/** A filter chip (spec 3): ignored chips do nothing, excluded chips negate. */
export const filterChip = z.object({
  field: z.enum(FILTER_FIELDS),
  value: values,
  exclude: z.boolean().default(false),
  ignore: z.boolean().default(false),
});
export type FilterChip = z.infer<typeof filterChip>;

const termFilters = Object.fromEntries(TERM_FIELDS.map((field) => [field, values.optional()])) as {
  [K in (typeof TERM_FIELDS)[number]]: z.ZodOptional<typeof values>;
};
const pathFilters = Object.fromEntries(PATH_FIELDS.map((field) => [field, values.optional()])) as {
  [K in (typeof PATH_FIELDS)[number]]: z.ZodOptional<typeof values>;
};

const epochMs = z.coerce.number().int().min(0).max(8_640_000_000_000_000);

const postQueryFields = z.object({
  start: epochMs.optional(),
  end: epochMs.optional(),
  q: z.string().max(2000).optional(),
  filters: z.array(filterChip).max(50).optional(),
  denoise: z.enum(['', 'NO']).optional(),
  ...termFilters,
  ...pathFilters,
});

function startNotAfterEnd<T extends z.ZodType<{ start?: number; end?: number }>>(schema: T) {
  return schema.refine(
    (query) => query.start === undefined || query.end === undefined || query.start <= query.end,
    { message: '开始时间不能晚于结束时间', path: ['start'] },
  );
}

/** The query state of spec 3, as the posts engine takes it. `end` is exclusive. */
export const postQuery = startNotAfterEnd(postQueryFields);
export type PostQuery = z.infer<typeof postQuery>;

/** One resolved condition on a field: any of `values` matches; `exclude` negates. */
export interface FieldCondition {
  field: FilterField;
  values: string[];
  exclude: boolean;
}

const isPathField = (field: FilterField) => (PATH_FIELDS as readonly string[]).includes(field);

/**
 * Everything a query filters on, as a flat list of conditions: direct fields first, then active
 * chips. Empty lists are dropped, and so is the root path '/' (spec 5).
 */
export function queryConditions(query: PostQuery): FieldCondition[] {
  const conditions: FieldCondition[] = [];
  const add = (field: FilterField, list: string[] | undefined, exclude: boolean) => {
    const kept = (list ?? []).filter((value) => !(isPathField(field) && value === '/'));
    if (kept.length > 0) conditions.push({ field, values: [...new Set(kept)], exclude });
  };
  for (const field of FILTER_FIELDS) add(field, query[field], false);
  for (const chip of query.filters ?? [])
    if (!chip.ignore) add(chip.field, chip.value, chip.exclude);
  return conditions;
}

export const AGGREGATIONS = [
  'common_articles_page',
  'common_top5',
  'common_all_topic',
  'common_terms',
  'common_trend',
  'common_statistics',
  'common_words',
  'common_heatmap',
  'common_pivot',
  'common_authors',
  'common_hot_posts',
  'common_retweet_graph',
] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

/** `POST /search`: the query fields plus paging, sort, and the aggregation with its options. */
export const searchRequest = startNotAfterEnd(
  postQueryFields.extend({
    topic: z.string().max(200).optional(),
    // Each aggregation has its own default size (20 posts, 10 terms, 100 words...).
    size: z.coerce.number().int().min(1).max(100).optional(),
    page: z.coerce.number().int().min(0).max(10_000).default(0),
    sort: z.enum(SORTS).default('created desc'),
    aggs: z.enum(AGGREGATIONS).default('common_articles_page'),
    field: z.enum(FILTER_FIELDS).optional(),
    level: z.coerce.number().int().min(0).max(5).optional(),
    topic_paths_size: z.coerce.number().int().min(1).max(1000).default(100),
    interval: z.enum(INTERVALS).default('auto'),
    value_type: z.enum(VALUE_TYPES).default('volume'),
    series: z.enum(FILTER_FIELDS).optional(),
    rows: z.enum(FILTER_FIELDS).optional(),
    cols: z.enum(FILTER_FIELDS).optional(),
  }),
);
export type SearchRequest = z.infer<typeof searchRequest>;
