import {
  chartRequest,
  loadWidgetData,
  widgetHasData,
  type Chart,
  type QueryState,
} from '@yuqing/core';
import { useEffect, useMemo, useState } from 'react';
import { search } from '../../../api/search';
import { useImportStatus } from '../import-status';

export interface WidgetData {
  loading: boolean;
  /** The last answer; kept while a newer request loads, so the chart does not flash. */
  data: unknown;
  error?: string;
}

interface Settled {
  key: string;
  data: unknown;
  error?: string;
}

/**
 * Loads a widget's data whenever its request changes, and again when a background import made
 * more posts visible. Answers to superseded requests are
 * dropped, so a slow old answer never replaces a newer one.
 */
export function useWidgetData(
  chart: Chart,
  query: QueryState,
  /** Resolves the widget's own relative ranges ("last 7 days"): when the page was opened. */
  now: number,
  timeZone: string,
): WidgetData {
  const [settled, setSettled] = useState<Settled | undefined>(undefined);
  const request = useMemo(
    () => chartRequest(query, chart, { now, timeZone }),
    [query, chart, now, timeZone],
  );
  const key = JSON.stringify(request);
  const hasData = widgetHasData(chart.type);
  const generation = useImportStatus((state) => state.generation);

  useEffect(() => {
    if (!hasData) return;
    let current = true;
    loadWidgetData(chart, query, { now, timeZone }, search).then(
      (data) => current && setSettled({ key, data }),
      (error: unknown) =>
        current &&
        setSettled({
          key,
          data: undefined,
          error: error instanceof Error ? error.message : String(error),
        }),
    );
    return () => {
      current = false;
    };
    // `key` stands for `request`; the other inputs only matter through it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasData, key, generation]);

  if (!hasData) return { loading: false, data: undefined };
  return {
    loading: settled?.key !== key,
    data: settled?.data,
    error: settled?.key === key ? settled.error : undefined,
  };
}
