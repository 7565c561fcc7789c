import type {
  Chart,
  DateRange,
  ChartViewOptions,
  FilterField,
  QueryState,
  ValueType,
  Interval,
} from '@yuqing/core';
import type { ComponentType } from 'react';
import type { WidgetDataOf, WidgetType } from '@yuqing/core';
import type { Colors } from '@yuqing/core';

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

/**
 * How a widget type draws; what it asks for and how its data is made live in core's widget
 * catalog (`widgetSpec`, `loadWidgetData`).
 */
export interface WidgetDefinition<T = unknown> {
  /** True when there is nothing to draw: the frame shows 无 instead. */
  isEmpty?: (data: T) => boolean;
  View: ComponentType<WidgetViewProps<T>>;
  /** Loads the view's chunk ahead of the first draw; settles when it is in (or failed to load:
   * the view then says so when drawn). */
  preload(): Promise<void>;
}

/** Every widget type's definition, each checked against the data its type draws. */
export type WidgetDefinitions = { [T in WidgetType]: WidgetDefinition<WidgetDataOf<T>> };

export type ViewOptionsChange = (options: ChartViewOptions) => void;
