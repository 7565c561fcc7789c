import type { Chart, ChartOptions, InnerRequest } from '../dashboard/chart.js';
import type { ChartRequest, QueryState } from '../dashboard/query-state.js';
import type { WidgetType } from './widget-types.js';
import type { Aggregation } from '../posts/query.js';
import type { SearchAnswer } from '../posts/answers.js';

/** One POST /search body: the query and the widget's request, with the aggregation it runs. */
export type SearchBodyOf<A> = ChartRequest & { aggs: A };
export type SearchBody = SearchBodyOf<Aggregation>;

/** Runs one search body; answers what POST /search answers (each in its `searchAnswers` shape). */
export type SearchRunner = (body: SearchBody) => Promise<unknown>;

/** Runs one search body and answers what POST /search answers for its aggregation. */
export type WidgetSearch = <A extends Aggregation>(
  body: SearchBodyOf<A>,
) => Promise<SearchAnswer<A>>;

/** The aggregations a widget's plan runs, one per search body, in order. */
export type PlanAggregations = readonly Aggregation[];
type PlanBodies<P extends PlanAggregations> = { [K in keyof P]: SearchBodyOf<P[K]> };
type PlanAnswers<P extends PlanAggregations> = { [K in keyof P]: SearchAnswer<P[K] & Aggregation> };

/** What a widget's data may depend on besides its configuration and the page's query. */
export interface WidgetContext {
  /** Resolves relative ranges ("last 7 days"): when the page was opened. */
  now: number;
  timeZone: string;
}

/** What plan and combine are given: the widget, the page's query and the context. */
export interface PlanInput extends WidgetContext {
  chart: Chart;
  query: QueryState;
  /** The widget's request: the query overridden by its defaults, options and switches. */
  request: ChartRequest;
}

export type WidgetGroup = '统计' | '图表' | '文章' | '其他';

/**
 * How a widget's data is made from POST /search answers (Superset's buildQuery/transformProps):
 * `P` names the aggregation of each body of its plan, which types the answer combine is given.
 */
export type WidgetData<D, P extends PlanAggregations = PlanAggregations> =
  | {
      /** The search bodies the widget needs, asked together. */
      plan(input: PlanInput): PlanBodies<P>;
      /** The widget's data from the answers, in the plan's order. */
      combine(answers: PlanAnswers<P>, input: PlanInput): D;
    }
  | {
      /** A plan in stages, when a later request depends on an earlier answer (tab posts). */
      staged(input: PlanInput, search: WidgetSearch): Promise<D>;
    };

/** One widget type: what the palette, the editor, the viewer and the server know of it. */
export interface WidgetSpec<D = unknown> {
  type: WidgetType;
  label: string;
  group: WidgetGroup;
  /** Grid size of a new widget. */
  size: Pick<Chart, 'w' | 'h'>;
  /** Settings a new widget starts with. */
  innerRequest?: InnerRequest;
  options?: ChartOptions;
  /** The aggregations it can draw, its usual one first; empty for content-only widgets. */
  sources: Aggregation[];
  /** The display options the editor offers. */
  optionKeys: (keyof ChartOptions)[];
  /** Which of the viewer's switches make sense for this type. */
  switches: { valueType?: boolean; interval?: boolean };
  /** Absent for widgets that show configured content only. */
  data?: WidgetData<D>;
}
