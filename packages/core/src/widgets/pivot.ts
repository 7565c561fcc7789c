import type { WidgetSpecs } from './widget-data.js';
import type { PivotCell } from '../posts/answers.js';
import type { FilterField, ValueType } from '../posts/fields.js';
import { requestValueType } from './request.js';
import { single } from './charts.js';
import type { WidgetData, WidgetSpec } from './types.js';

/** What a pivot widget draws: the answer of `common_pivot` and what it was asked for. */
export interface PivotData {
  rows: FilterField;
  cols: FilterField;
  valueType: ValueType;
  list: PivotCell[];
}

/** Fields crossed when the widget configures none: platforms by sentiment. */
export const DEFAULT_ROWS: FilterField = 'media_platform';
export const DEFAULT_COLS: FilterField = 'tendency';

function pivotFields(request: Record<string, unknown>) {
  return {
    rows: (request.rows as FilterField | undefined) ?? DEFAULT_ROWS,
    cols: (request.cols as FilterField | undefined) ?? DEFAULT_COLS,
  };
}

/** Asks `common_pivot` for the configured (or default) fields and the value type in force. */
const pivot: WidgetData<PivotData, ['common_pivot']> = {
  plan: ({ request, chart }) => [
    {
      ...request,
      aggs: 'common_pivot',
      ...pivotFields(request),
      value_type: requestValueType(request, chart),
    },
  ],
  combine: ([answer], { request, chart }) => ({
    ...pivotFields(request),
    valueType: requestValueType(request, chart),
    list: answer.list,
  }),
};

const PIVOT = {
  group: '统计',
  size: { w: 24, h: 20 },
  innerRequest: { rows: DEFAULT_ROWS, cols: DEFAULT_COLS },
  sources: ['common_pivot'],
  switches: { valueType: true },
  data: pivot,
} satisfies Partial<WidgetSpec<PivotData>>;

/** The pivot tables (values; shares with a heat tint) and the retweet graph. */
export const pivotSpecs = {
  pivottable: {
    type: 'pivottable',
    label: '透视表',
    ...PIVOT,
    optionKeys: ['valueTypes', 'format'],
  },
  pivottable2: { type: 'pivottable2', label: '交叉透视表', ...PIVOT, optionKeys: ['valueTypes'] },
  'm-weibo-graph': {
    type: 'm-weibo-graph',
    label: '微博传播图',
    group: '图表',
    size: { w: 12, h: 24 },
    innerRequest: { size: 50 },
    sources: ['common_retweet_graph'],
    optionKeys: [],
    switches: {},
    // The retweet chains of the most retweeted posts (`size` chains).
    data: single({ aggs: 'common_retweet_graph' }, { aggs: 'common_retweet_graph' }),
  },
} satisfies Partial<WidgetSpecs>;
