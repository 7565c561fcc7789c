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
import { parseKeywordQuery } from './keyword.js';

/**
 * What one query may ask for, checked before it runs: a request's cost grows with each of these
 * (60,000 path values took 11 s), and the first over its limit is refused naming its field.
 */
export const QUERY_LIMITS = {
  /** Values of one field or one chip. */
  fieldValues: 200,
  /** Values of all fields and chips together. */
  totalValues: 1000,
  valueLength: 500,
  /** Rows a list may reach: `(page + 1) × size`. Deeper pages need a narrower query. */
  resultWindow: 10_000,
} as const;

/**
 * Posts are dated from 1990 on (the web's beginnings); an instant past ten years from now is a
 * typo or an attack. Either would make time buckets and time-zone probes run for minutes.
 */
export const EARLIEST_QUERY_TIME = Date.UTC(1990, 0, 1);
export const QUERY_YEARS_AHEAD = 10;
export const latestQueryTime = (now = Date.now()) => now + QUERY_YEARS_AHEAD * 365.25 * 86_400_000;

const valueText = z
  .string()
  .max(QUERY_LIMITS.valueLength, `取值过长（最多 ${QUERY_LIMITS.valueLength} 个字符）`);

/** A value list as the web sends it: one string or a list; empties are dropped (spec 5). */
const values = z
  .union([
    valueText,
    z
      .array(valueText)
      .max(QUERY_LIMITS.fieldValues, `取值过多（最多 ${QUERY_LIMITS.fieldValues} 个）`),
  ])
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

const epochMs = z.coerce
  .number('须为毫秒时间戳')
  .int('须为毫秒时间戳')
  .refine((ms) => ms >= EARLIEST_QUERY_TIME && ms <= latestQueryTime(), {
    message: `时间超出范围（须在 1990-01-01 至 ${QUERY_YEARS_AHEAD} 年后之间）`,
  });

/** A keyword expression the parser takes: its limits on length and terms bound the work. */
const keyword = z.string().superRefine((q, context) => {
  const parsed = parseKeywordQuery(q);
  if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.error.message });
});

const postQueryFields = z.object({
  start: epochMs.optional(),
  end: epochMs.optional(),
  q: keyword.optional(),
  filters: z.array(filterChip).max(50, '筛选条件过多（最多 50 个）').optional(),
  denoise: z.enum(['', 'NO']).optional(),
  ...termFilters,
  ...pathFilters,
});

type QueryFields = z.infer<typeof postQueryFields>;

/** Names the field at which the values of all fields and chips pass the total limit. */
function checkTotalValues(query: QueryFields, context: z.RefinementCtx) {
  let total = 0;
  const lists: [(string | number)[], string[] | undefined][] = [
    ...FILTER_FIELDS.map((field): [string[], string[] | undefined] => [[field], query[field]]),
    ...(query.filters ?? []).map((chip, i): [(string | number)[], string[]] => [
      ['filters', i, 'value'],
      chip.value,
    ]),
  ];
  for (const [path, list] of lists) {
    total += list?.length ?? 0;
    if (total > QUERY_LIMITS.totalValues) {
      context.addIssue({
        code: 'custom',
        path,
        message: `筛选取值总数过多（所有字段合计最多 ${QUERY_LIMITS.totalValues} 个）`,
      });
      return;
    }
  }
}

function checkQuery<T extends z.ZodType<QueryFields>>(schema: T) {
  return schema
    .refine(
      (query) => query.start === undefined || query.end === undefined || query.start <= query.end,
      { message: '开始时间不能晚于结束时间', path: ['start'] },
    )
    .superRefine(checkTotalValues);
}

/** The query state of spec 3, as the posts engine takes it. `end` is exclusive. */
export const postQuery = checkQuery(postQueryFields);
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
export const searchRequest = checkQuery(
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
).refine((request) => (request.page + 1) * (request.size ?? 20) <= QUERY_LIMITS.resultWindow, {
  message: `页码过大：最多查看前 ${QUERY_LIMITS.resultWindow} 条结果，请缩小查询范围`,
  path: ['page'],
});
export type SearchRequest = z.infer<typeof searchRequest>;
