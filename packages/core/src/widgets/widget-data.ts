import type {
  EventTimelineAnswer,
  HeatCell,
  ListAnswer,
  NameValue,
  PathCount,
  RetweetGraphAnswer,
  StatisticsAnswer,
  TrendAnswer,
  WordsAnswer,
} from '../posts/answers.js';
import type { CompetingData, PathTreeData, TableData } from './basic.js';
import type { CompareAnswer, StackAnswer } from './charts.js';
import type { PivotData } from './pivot.js';
import type { PostWidgetData, TabPostData } from './posts.js';
import type { WidgetSpec } from './types.js';
import type { WidgetType } from './widget-types.js';

/**
 * The data each widget type draws, as its catalog entry makes it: the one place a type's data is
 * named, so that the catalog, the web's views and the exports' figures are checked against it.
 */
export interface WidgetDataTypes {
  statistics: StatisticsAnswer;
  'statistics-card': StatisticsAnswer;
  'competing-list': CompetingData;
  lines: TrendAnswer;
  pie: ListAnswer<NameValue>;
  bar: ListAnswer<NameValue>;
  'compare-bar': CompareAnswer;
  'stack-bar': StackAnswer;
  'area-stack': TrendAnswer;
  words: WordsAnswer;
  map: ListAnswer<NameValue>;
  'heat-map': ListAnswer<HeatCell>;
  'heat-map-polar': ListAnswer<HeatCell>;
  'tree-map': ListAnswer<PathCount | NameValue>;
  sunburst: ListAnswer<PathCount | NameValue>;
  'path-tree': PathTreeData;
  'm-table': TableData;
  'm-iframe': undefined;
  'landing-page': undefined;
  articles: PostWidgetData;
  'post-list': PostWidgetData;
  'tab-post': TabPostData;
  information: PostWidgetData;
  'search-post': PostWidgetData;
  'hot-list': PostWidgetData;
  pivottable: PivotData;
  pivottable2: PivotData;
  'm-weibo-graph': RetweetGraphAnswer;
  'event-timeline': EventTimelineAnswer;
}

export type WidgetDataOf<T extends WidgetType> = WidgetDataTypes[T];

/** One type's catalog entry, its data checked against WidgetDataTypes. */
export type WidgetSpecOf<T extends WidgetType> = WidgetSpec<WidgetDataOf<T>> & { type: T };

/** The catalog: every widget type's entry, keyed by its type. */
export type WidgetSpecs = { [T in WidgetType]: WidgetSpecOf<T> };
