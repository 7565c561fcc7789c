import {
  loadWidgetData,
  widgetHasData,
  type Chart,
  type PageData,
  type QueryState,
  type WidgetContext,
  type SearchRunner,
} from '@yuqing/core';
import pLimit from 'p-limit';

/** Widgets of one page computed at once; each may ask a few searches in parallel. */
export const PAGE_WIDGETS_AT_ONCE = 4;

/**
 * Every widget's data of a page, keyed by widget id, exactly as the widget's own searches give
 * it; a widget that fails carries its error instead. Widgets not yet started when `signal`
 * aborts are not started.
 */
export async function loadPageData(
  charts: readonly Chart[],
  query: QueryState,
  context: WidgetContext,
  search: SearchRunner,
  signal: AbortSignal,
  /** The message a widget shows for an error (and the place to log an unexpected one). */
  describe: (error: unknown) => string,
): Promise<PageData['widgets']> {
  const limit = pLimit(PAGE_WIDGETS_AT_ONCE);
  const results = await Promise.all(
    charts
      .filter((chart) => widgetHasData(chart.type))
      .map((chart) =>
        limit(async (): Promise<[string, PageData['widgets'][string]]> => {
          if (signal.aborted) return [chart.i, { error: '请求已取消' }];
          try {
            return [chart.i, { data: await loadWidgetData(chart, query, context, search) }];
          } catch (error) {
            return [chart.i, { error: describe(error) }];
          }
        }),
      ),
  );
  return Object.fromEntries(results);
}
