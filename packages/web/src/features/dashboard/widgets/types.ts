import type {
  Chart,
  DateRange,
  ChartRequest,
  ChartViewOptions,
  FilterField,
  QueryState,
  ValueType,
  Interval,
} from '@yuqing/core';
import type { ComponentType } from 'react';
import type { Colors } from './palette';

/** What a widget's loader may use besides its request. */
export interface LoadContext {
  chart: Chart;
  query: QueryState;
  now: number;
  timeZone: string;
  search<T>(body: ChartRequest): Promise<T>;
}

/** What a widget's view is given to draw. */
export interface WidgetViewProps<T> {
  chart: Chart;
  data: T;
  colors: Colors;
  /** The value type and interval in force (switched by the viewer, or configured). */
  valueType: ValueType;
  interval: Interval;
  timeZone: string;
  query: QueryState;
  /** Drill-down: a click on a data point adds the matching filter chip. */
  onDrill(field: FilterField, value: string): void;
  /** Drill-down on time: a click on a trend bucket narrows the range to that bucket. */
  onRange(range: DateRange): void;
  /** A click on a word of a word cloud: search for that word (there is no words filter field). */
  onKeyword?(word: string): void;
}

/** One widget type of the registry. */
export interface WidgetDefinition<T = unknown> {
  /** Fetches the widget's data; absent for widgets that show configured content only. */
  load?: (request: ChartRequest, context: LoadContext) => Promise<T>;
  /** True when there is nothing to draw: the frame shows 无 instead. */
  isEmpty?: (data: T) => boolean;
  View: ComponentType<WidgetViewProps<T>>;
  /** Which of the viewer's switches make sense for this type. */
  switches?: { valueType?: boolean; interval?: boolean };
}

export type ViewOptionsChange = (options: ChartViewOptions) => void;
