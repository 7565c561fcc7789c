import type { Chart } from '../dashboard/chart.js';
import { chartRequest, type QueryState } from '../dashboard/query-state.js';
import { searchBodyFor, type Aggregation } from '../posts/query.js';
import type { SearchAnswer } from '../posts/answers.js';
import { basicSpecs } from './basic.js';
import { chartSpecs } from './charts.js';
import { pivotSpecs } from './pivot.js';
import { postSpecs } from './posts.js';
import { timelineSpecs } from './timeline.js';
import type {
  PlanInput,
  SearchBodyOf,
  SearchRunner,
  WidgetContext,
  WidgetGroup,
  WidgetSearch,
} from './types.js';
import type { WidgetSpecOf, WidgetSpecs } from './widget-data.js';
import { WIDGET_TYPES, type WidgetType } from './widget-types.js';

/** Every widget type's entry, each checked against the data its type draws. */
const SPECS: WidgetSpecs = {
  ...basicSpecs,
  ...chartSpecs,
  ...postSpecs,
  ...pivotSpecs,
  ...timelineSpecs,
};

/** The catalog's entry of a widget type. */
export function widgetSpec<T extends WidgetType>(type: T): WidgetSpecOf<T> {
  return SPECS[type];
}

/** False for widgets that show configured content only (iframe, landing page). */
export function widgetHasData(type: WidgetType): boolean {
  return widgetSpec(type).data !== undefined;
}

/** The Chinese names the editor shows. */
export const WIDGET_LABELS = Object.fromEntries(
  WIDGET_TYPES.map((type) => [type, widgetSpec(type).label]),
) as Record<WidgetType, string>;

/** The palette's groups, in order; every widget type is in exactly one. */
export const WIDGET_GROUPS: { label: WidgetGroup; types: WidgetType[] }[] = (
  ['统计', '图表', '文章', '其他'] as const
).map((label) => ({
  label,
  types: WIDGET_TYPES.filter((type) => widgetSpec(type).group === label),
}));

/** What a widget's plan is made from: its request under the page's query. */
export function planInput(chart: Chart, query: QueryState, context: WidgetContext): PlanInput {
  return { ...context, chart, query, request: chartRequest(query, chart, context) };
}

/**
 * A widget's data exactly as the dashboard draws it: its plan's requests asked together, then
 * combined; undefined for content-only widgets. The browser and the server both call this.
 */
export async function loadWidgetData(
  chart: Chart,
  query: QueryState,
  context: WidgetContext,
  search: SearchRunner,
): Promise<unknown> {
  const data = widgetSpec(chart.type).data;
  if (!data) return undefined;
  const input = planInput(chart, query, context);
  // A widget's request carries every option it configures or the viewer switched; each search
  // keeps only those its aggregation takes.
  const ask: WidgetSearch = <A extends Aggregation>(body: SearchBodyOf<A>) =>
    // The server checks each answer against its aggregation's shape (searchAnswerOf).
    search(searchBodyFor(body)) as Promise<SearchAnswer<A>>;
  if ('staged' in data) return data.staged(input, ask);
  const answers = await Promise.all(data.plan(input).map(ask));
  return data.combine(answers, input);
}
