import { z } from 'zod';
import { FILTER_FIELDS, INTERVALS, SORTS, VALUE_TYPES } from '../posts/fields.js';
import { AGGREGATIONS } from '../posts/query.js';
import { COMPARE_RANGES } from './date-ranges.js';
import { defaultQueryItem } from './query-defaults.js';
import { WIDGET_TYPES } from '../widgets/widget-types.js';

/** Grid width is a share of 24 columns (spec 5); height is in units of 10 px. */
export const GRID_COLUMNS = 24;
export const GRID_ROW_HEIGHT = 10;
export const GRID_MARGIN_Y = 20;

/** Request options an aggregation takes (POST /search), fixed by the widget's configuration. */
export const innerRequest = z
  .object({
    size: z.number().int().min(1).max(100),
    sort: z.enum(SORTS),
    field: z.enum(FILTER_FIELDS),
    level: z.number().int().min(0).max(5),
    topic_paths_size: z.number().int().min(1).max(1000),
    interval: z.enum(INTERVALS),
    value_type: z.enum(VALUE_TYPES),
    series: z.enum(FILTER_FIELDS),
    rows: z.enum(FILTER_FIELDS),
    cols: z.enum(FILTER_FIELDS),
  })
  .partial();
export type InnerRequest = z.infer<typeof innerRequest>;

/** The statistics a statistics or statistics-card widget can show. */
export const STATISTIC_METRICS = [
  'volume',
  'engagement_num',
  'repost_num',
  'comment_num',
  'like_num',
  'read_num',
  '正面',
  '中性',
  '负面',
  'positive_rate',
  'negative_rate',
] as const;
export type StatisticMetric = (typeof STATISTIC_METRICS)[number];

/** How a widget draws, beyond what it asks for. Every key is optional. */
export const chartOptions = z
  .object({
    /** Offer a switch between these value types (first = default when innerRequest has none). */
    valueTypes: z.array(z.enum(VALUE_TYPES)).max(VALUE_TYPES.length),
    /** Offer a switch between these intervals (trend widgets). */
    intervals: z.array(z.enum(INTERVALS)).max(INTERVALS.length),
    /** Number format: plain with thousands separators, abbreviated (k/m), or percent of total. */
    format: z.enum(['number', 'abbr', 'percent']),
    horizontal: z.boolean(),
    showLegend: z.boolean(),
    /** Metrics of statistics widgets, in order. */
    metrics: z.array(z.enum(STATISTIC_METRICS)).max(STATISTIC_METRICS.length),
    /** Compare-bar: the range the current one is compared to (default: the previous period). */
    compare: z.enum(COMPARE_RANGES),
    /** Competing list: the paths compared, e.g. the top-level brands. */
    paths: z.array(z.string()).max(20),
    /** m-iframe: the address shown, absolute (http, https) or on this server (/...). */
    url: z
      .string()
      .max(2000)
      .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, '必须是 http(s) 地址或以 / 开头的站内地址'),
    /** Landing page: heading, text and an optional image address. */
    heading: z.string().max(200),
    content: z.string().max(5000),
    image: z.string(),
    /** Table columns for m-table: the grouping field's name and value columns. */
    columns: z.array(z.object({ key: z.string(), title: z.string() })).max(20),
    pageSize: z.number().int().min(1).max(100),
    /** tab-post: the field whose values are the tabs (default tendency). */
    tabField: z.enum(FILTER_FIELDS),
    /** tab-post: the tab values in order; default the project's list or the field's top values. */
    tabValues: z.array(z.string().min(1).max(500)).max(20),
    /** Post widgets: normal cards or one-line compact rows. */
    viewType: z.enum(['normal', 'compact']),
    /**
     * Post widgets: offer the 标注 action (open the post in #/kg). Unset: only for admins;
     * true: for everyone; false: for nobody.
     */
    verify: z.boolean(),
  })
  .partial();
export type ChartOptions = z.infer<typeof chartOptions>;

const chartId = z.string().min(1).max(64);

/**
 * A chip as configuration stores it: values already a non-empty list. (The request form of
 * `filterChip` also takes a single string; stored configuration is always normalised.)
 */
export const storedFilterChip = z.object({
  field: z.enum(FILTER_FIELDS),
  value: z.array(z.string().trim().min(1).max(500)).min(1).max(200),
  exclude: z.boolean().default(false),
  ignore: z.boolean().default(false),
});

/** One widget on a page's grid (spec 3, Chart/widget). */
export const chart = z
  .object({
    i: chartId,
    x: z
      .number()
      .int()
      .min(0)
      .max(GRID_COLUMNS - 1),
    y: z.number().int().min(0),
    w: z.number().int().min(1).max(GRID_COLUMNS),
    h: z.number().int().min(1).max(500),
    type: z.enum(WIDGET_TYPES),
    aggs: z.enum(AGGREGATIONS).optional(),
    title: z.string().max(100).default(''),
    tips: z.string().max(500).optional(),
    titleHasIcon: z.boolean().default(false),
    /** A colour palette name or list overriding the site's colours for this widget. */
    theme: z.array(z.string()).max(20).optional(),
    style: z.object({ height: z.number().int().min(50).max(5000).optional() }).default({}),
    options: chartOptions.default({}),
    /** Chips always applied to this widget's requests, on top of the page's query. */
    filter: z.array(storedFilterChip).max(20).default([]),
    /** Query fields this widget overrides (e.g. its own time range or tendency). */
    defaultQuery: z.array(defaultQueryItem).max(20).default([]),
    innerRequest: innerRequest.default({}),
  })
  .refine((widget) => widget.x + widget.w <= GRID_COLUMNS, {
    message: '组件超出了 24 列的宽度',
    path: ['w'],
  });
export type Chart = z.infer<typeof chart>;
export type ChartInput = z.input<typeof chart>;
