import type { Chart, QueryState } from '@yuqing/core';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../api/notify';
import { saveReport } from '../../../api/reports';
import { zh } from '../../../i18n/translateText';
import { useT } from '../../../i18n/useT';
import type { WidgetData } from '../../../widgets/usePageData';

/** Why no report is made while a widget loads: its snapshot would miss that widget's data. */
const REPORT_WAIT_MESSAGE = zh('请等待数据加载完成后生成报告');

/** A report title holds 100 characters (core's schema), the suffix ' 报告' included. */
const PAGE_TITLE_MAX = 97;

export interface PageReportInput {
  /** The published page the server snapshots the widgets of. */
  source: { page: string; version?: number };
  /** The page's title: the report is named after it. */
  title: string;
  charts: readonly Chart[];
  query: QueryState;
  /** When the page was opened: the widgets' relative ranges resolve as they did on screen. */
  openedAt: number | undefined;
  dataOf(chart: Chart): WidgetData;
}

/**
 * The query bar's 生成报告: once every widget has loaded, the server makes a report of the page
 * under its query, which then opens. `reporting` holds meanwhile, and further clicks wait for it.
 */
export function usePageReport({ source, title, charts, query, openedAt, dataOf }: PageReportInput) {
  const t = useT();
  const navigate = useNavigate();
  const [reporting, setReporting] = useState(false);
  const running = useRef(false);

  const onReport = async () => {
    if (running.current) return;
    if (charts.some((chart) => dataOf(chart).loading)) {
      notify(t(REPORT_WAIT_MESSAGE), 'error');
      return;
    }
    running.current = true;
    setReporting(true);
    try {
      const report = await saveReport({
        title: t('{title} 报告', { title: t.label(title).slice(0, PAGE_TITLE_MAX) }),
        ...source,
        query,
        now: openedAt,
      });
      void navigate(`/report?id=${encodeURIComponent(report.id)}`);
    } catch {
      // The API client has shown why.
    } finally {
      running.current = false;
      setReporting(false);
    }
  };

  return { reporting, onReport };
}
