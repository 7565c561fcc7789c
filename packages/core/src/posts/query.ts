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
import { parseKeywordQuery, type KeywordNode } from './keyword.js';

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

/** A keyword expression parsed once, at the edge: its text and the syntax tree engines match. */
export interface KeywordQuery {
  text: string;
  /** Undefined for an expression without terms (blank). */
  ast: KeywordNode | undefined;
}

/**
 * A keyword expression the parser takes (its limits on length and terms bound the work), parsed
 * into its syntax tree; a syntax error names its position.
 */
const keyword = z.string().transform((q, context): KeywordQuery => {
  const parsed = parseKeywordQuery(q);
  if (parsed.ok) return { text: q, ast: parsed.ast };
  // The parser's message names the position ('第 4 个字符处缺少右括号').
  context.addIssue({ code: 'custom', message: parsed.error.message });
  return z.NEVER;
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
  'common_event_timeline',
] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

const size = z.coerce.number().int().min(1).max(100);
const level = z.coerce.number().int().min(0).max(5);
const valueType = z.enum(VALUE_TYPES).default('volume');
/** A field an aggregation groups by; one it needs and lacks is named as missing. */
const field = z.enum(FILTER_FIELDS, {
  error: (issue) => (issue.input === undefined ? '该聚合需要指定字段' : undefined),
});
const paging = {
  // Each aggregation has its own default size (20 posts, 10 terms, 100 words...).
  size: size.optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  sort: z.enum(SORTS).default('created desc'),
};

/** The options each aggregation takes, and nothing else: an unknown one is refused by name. */
const AGGREGATION_OPTIONS = {
  common_articles_page: paging,
  common_hot_posts: paging,
  common_top5: { field, level: level.optional() },
  common_terms: { field, size: size.optional(), value_type: valueType, level: level.optional() },
  common_all_topic: {
    field: z.enum(PATH_FIELDS).default('topic_paths'),
    topic_paths_size: z.coerce.number().int().min(1).max(1000).default(100),
  },
  common_trend: {
    interval: z.enum(INTERVALS).default('auto'),
    value_type: valueType,
    series: field.optional(),
    size: size.optional(),
    level: level.optional(),
  },
  common_statistics: { value_type: valueType },
  common_words: { size: size.optional() },
  common_heatmap: { value_type: valueType },
  common_pivot: { rows: field, cols: field, value_type: valueType },
  common_authors: { field: z.enum(['author', 'media']).default('author'), size: size.optional() },
  common_retweet_graph: { size: size.optional() },
  common_event_timeline: { size: z.coerce.number().int().min(1).max(10).optional() },
} as const satisfies Record<Aggregation, z.ZodRawShape>;

/** The option names an aggregation takes (the editor offers these; a body keeps only these). */
export const aggregationOptions = (aggs: Aggregation): string[] =>
  Object.keys(AGGREGATION_OPTIONS[aggs]);

/** One aggregation's request: the query, its options, and `aggs` naming it. */
function aggregationRequest<A extends Aggregation>(aggs: A) {
  return z.strictObject({
    ...postQueryFields.shape,
    topic: z.string().max(200).optional(),
    aggs: aggs === 'common_articles_page' ? z.literal(aggs).default(aggs) : z.literal(aggs),
    ...AGGREGATION_OPTIONS[aggs],
  });
}

const aggregationRequests = [
  aggregationRequest('common_articles_page'),
  aggregationRequest('common_hot_posts'),
  aggregationRequest('common_top5'),
  aggregationRequest('common_terms'),
  aggregationRequest('common_all_topic'),
  aggregationRequest('common_trend'),
  aggregationRequest('common_statistics'),
  aggregationRequest('common_words'),
  aggregationRequest('common_heatmap'),
  aggregationRequest('common_pivot'),
  aggregationRequest('common_authors'),
  aggregationRequest('common_retweet_graph'),
  aggregationRequest('common_event_timeline'),
] as const;

/**
 * `POST /search`: the query fields and one aggregation (`aggs`, a page of posts when absent)
 * with its own options; a list's page must lie within the result window.
 */
export const searchRequest = checkQuery(z.discriminatedUnion('aggs', aggregationRequests)).refine(
  (request) =>
    !('page' in request) || (request.page + 1) * (request.size ?? 20) <= QUERY_LIMITS.resultWindow,
  {
    message: `页码过大：最多查看前 ${QUERY_LIMITS.resultWindow} 条结果，请缩小查询范围`,
    path: ['page'],
  },
);
export type SearchRequest = z.infer<typeof searchRequest>;
/** The request of one aggregation, as the engine runner receives it. */
export type AggregationRequest<A extends Aggregation> = Extract<SearchRequest, { aggs: A }>;

/** A search body as a client builds it, keeping only the options its aggregation takes. */
export function searchBodyFor<T extends { aggs: Aggregation }>(body: T): T {
  const allowed = new Set([
    ...Object.keys(postQueryFields.shape),
    'topic',
    'aggs',
    ...aggregationOptions(body.aggs),
  ]);
  return Object.fromEntries(Object.entries(body).filter(([key]) => allowed.has(key))) as T;
}
