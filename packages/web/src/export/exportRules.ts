import {
  EXPORT_MESSAGES,
  POST_FILE_WIDGETS,
  widgetHasData,
  type Chart,
  type DownloadKind,
} from '@yuqing/core';
import type { MessageType } from '../api/notify';
import type { WidgetData } from '../widgets/usePageData';

/** The page's first widget whose posts an Excel download writes. */
export function postWidgetOf(charts: readonly Chart[]): Chart | undefined {
  return charts.find((chart) => POST_FILE_WIDGETS.includes(chart.type));
}

export interface Refusal {
  text: string;
  type: MessageType;
}

/**
 * Why the page cannot be exported as `kind` now (spec 5), or undefined when it can: nothing on it
 * has data, an Excel download without a post widget, or a widget still loading.
 */
export function exportRefusal(
  kind: DownloadKind,
  charts: readonly Chart[],
  dataOf: (chart: Chart) => WidgetData,
): Refusal | undefined {
  if (!charts.some((chart) => widgetHasData(chart.type))) {
    return { text: EXPORT_MESSAGES.nothing, type: 'info' };
  }
  if (kind === 'download_excel' && !postWidgetOf(charts)) {
    return { text: EXPORT_MESSAGES.excelNeedsPosts, type: 'info' };
  }
  if (charts.some((chart) => dataOf(chart).loading)) {
    return { text: EXPORT_MESSAGES.loading, type: 'error' };
  }
  return undefined;
}
