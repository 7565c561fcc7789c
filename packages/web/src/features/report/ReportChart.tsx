import type { Chart, ChartSnapshot, QueryState, SiteSettings } from '@yuqing/core';
import { WidgetFrame } from '../../widgets/WidgetFrame';
import styles from './ReportView.module.css';

interface ReportChartProps {
  chart: Chart;
  /** The chart's texts and its data when the report was made. */
  snapshot: ChartSnapshot | undefined;
  query: QueryState;
  site: SiteSettings;
  timeZone: string;
}

const ignore = () => {};

/** One chart of a report: its top text, the widget drawn from its snapshot, its footer text. */
export function ReportChart({ chart, snapshot, query, site, timeZone }: ReportChartProps) {
  return (
    <div className={styles.chart} data-testid={`report-chart-${chart.i}`}>
      {snapshot?.top_text && <p className={styles.chartText}>{snapshot.top_text}</p>}
      <div className={styles.chartFrame}>
        <WidgetFrame
          chart={chart}
          state={{ loading: false, data: snapshot?.data, error: snapshot?.error }}
          query={query}
          site={site}
          timeZone={timeZone}
          onDrill={ignore}
          onRange={ignore}
          onKeyword={ignore}
          onViewOptions={ignore}
          readOnly
        />
      </div>
      {snapshot?.footer_text && <p className={styles.chartText}>{snapshot.footer_text}</p>}
    </div>
  );
}
