import {
  chart as chartSchema,
  chartRequest,
  widgetHasData,
  type Chart,
  type PageData,
  type QueryState,
} from '@yuqing/core';
import { useEffect, useMemo, useState } from 'react';
import { fetchPageData } from '../api/pageData';
import { arrivedPageData, takePrefetchedPageData, type PublishedPage } from './pageDataPrefetch';
import { useT } from '../i18n/useT';
import { useCorrections } from '../posts/corrections/correctionStore';
import { useImportStatus } from './import-status';

export interface WidgetData {
  loading: boolean;
  /** The last answer; kept while a newer request loads, so the chart does not flash. */
  data: unknown;
  error?: string;
}

/** A published page by key, or the widgets of a page being edited (project admins). */
export type PageSource = PublishedPage | { widgets: Chart[] };

interface Settled {
  key: string;
  /** Each widget's own request when the answer was asked: a widget whose request is unchanged
   * keeps its data without showing a load (another widget's switch changed the page's key). */
  requests: Record<string, string>;
  widgets: PageData['widgets'];
  error?: string;
}

const requestKey = (chart: Chart, query: QueryState, now: number, timeZone: string) =>
  JSON.stringify(chartRequest(query, chart, { now, timeZone }));

/** Grid places do not change what a widget shows: a dragged widget is not asked again. */
const withoutPlace = (charts: readonly Chart[]) =>
  charts.map(({ x: _x, y: _y, w: _w, h: _h, ...rest }) => rest);

/**
 * Every widget's data of a page in one `page_data` call whenever the query or the page changes,
 * and again when a background import made more posts visible. A superseded call is cancelled,
 * so a slow old answer never replaces a newer one. The page's first call may have been asked for
 * already, by the navigation that opened the page (prefetchPageData).
 */
export function usePageData(
  source: PageSource,
  charts: readonly Chart[],
  query: QueryState,
  /**
   * Resolves the widgets' own relative ranges ("last 7 days"): when the page was opened;
   * undefined until the page's query is set up, and nothing is asked before.
   */
  now: number | undefined,
  timeZone: string,
): (chart: Chart) => WidgetData {
  const t = useT();
  const [settled, setSettled] = useState<Settled | undefined>(undefined);
  const generation = useImportStatus((state) => state.generation);
  // A person's correction of a post changes what the widgets count.
  const corrections = useCorrections((state) => state.generation);
  // Widgets being edited may be invalid for a moment: those are not sent, and say so.
  const sent = useMemo(
    () =>
      'widgets' in source
        ? source.widgets.filter((widget) => chartSchema.safeParse(widget).success)
        : undefined,
    [source],
  );
  const key = JSON.stringify({
    page: 'page' in source ? source : withoutPlace(sent ?? []),
    query,
    now,
  });

  const requestsAt = (at: number) =>
    Object.fromEntries(charts.map((chart) => [chart.i, requestKey(chart, query, at, timeZone)]));
  const bodyAt = (at: number) => ({
    ...('page' in source ? source : { widgets: sent ?? [] }),
    query,
    now: at,
  });

  useEffect(() => {
    if (now === undefined) return;
    const controller = new AbortController();
    const requests = requestsAt(now);
    const body = bodyAt(now);
    (takePrefetchedPageData(body) ?? fetchPageData(body, controller.signal)).then(
      ({ widgets }) => {
        // A prefetched answer is not cancelled with the page: it may arrive after a newer one.
        if (!controller.signal.aborted) setSettled({ key, requests, widgets });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        setSettled({ key, requests, widgets: {}, error: message });
      },
    );
    return () => controller.abort();
    // `key` stands for the source, query and now; the charts only matter through it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, generation, corrections]);

  // A page opened after its prefetched data came draws it at once, not a load first: the
  // effect takes the same answer and settles on it.
  const arrived =
    now !== undefined && settled?.key !== key ? arrivedPageData(bodyAt(now)) : undefined;
  const shown: Settled | undefined =
    arrived && now !== undefined
      ? { key, requests: requestsAt(now), widgets: arrived.widgets }
      : settled;

  return (chart) => {
    if (!widgetHasData(chart.type)) return { loading: false, data: undefined };
    if (sent && !sent.some((widget) => widget.i === chart.i))
      return { loading: false, data: undefined, error: t('组件配置有误') };
    const result = shown?.widgets[chart.i];
    const current =
      shown?.key === key ||
      (shown !== undefined &&
        now !== undefined &&
        shown.requests[chart.i] === requestKey(chart, query, now, timeZone));
    return {
      loading: !current,
      data: result && 'data' in result ? result.data : undefined,
      error: current
        ? (shown?.error ?? (result && 'error' in result ? result.error : undefined))
        : undefined,
    };
  };
}
