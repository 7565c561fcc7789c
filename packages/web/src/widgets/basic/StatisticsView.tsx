import type { StatisticsAnswer } from '@yuqing/core';
import { useT } from '../../i18n/useT';
import type { WidgetViewProps } from '../types';
import { ChangeMark } from './ChangeMark';
import { formatMetric } from '@yuqing/core';
import { metricRows, type MetricRow } from '@yuqing/core';
import styles from './StatisticsView.module.css';

/** A row of metrics, each with the previous period's value and the change. */
export default function StatisticsView({
  chart,
  data,
  onDrill,
}: WidgetViewProps<StatisticsAnswer>) {
  const rows = metricRows(data, chart.options.metrics);
  return (
    <div className={styles.row} data-testid={`widget-body-${chart.i}`}>
      {rows.map((row) => (
        <Metric key={row.metric} row={row} onDrill={onDrill} />
      ))}
    </div>
  );
}

function Metric({
  row,
  onDrill,
}: {
  row: MetricRow;
  onDrill: WidgetViewProps<unknown>['onDrill'];
}) {
  const t = useT();
  const body = (
    <>
      <span className={styles.label}>{t.label(row.label)}</span>
      <span className={styles.value}>{formatMetric(row.current, row.rate)}</span>
      <span className={styles.compare}>
        <span>
          {t('上期')} {formatMetric(row.previous, row.rate)}
        </span>
        <span>
          {t('环比')} <ChangeMark metric={row.metric} change={row.change} />
        </span>
      </span>
    </>
  );
  const { drill } = row;
  if (!drill) {
    return (
      <div className={styles.metric} data-metric={row.metric}>
        {body}
      </div>
    );
  }
  return (
    <button
      type="button"
      className={`${styles.metric} ${styles.clickable}`}
      data-metric={row.metric}
      title={t('筛选：{name}', { name: t.label(drill) })}
      onClick={() => onDrill('tendency', drill)}
    >
      {body}
    </button>
  );
}
