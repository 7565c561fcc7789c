import type { StatisticsAnswer } from '@yuqing/core';
import { Tooltip } from 'antd';
import type { CSSProperties } from 'react';
import { useT } from '../../i18n/useT';
import type { WidgetViewProps } from '../types';
import { ChangeMark } from './ChangeMark';
import { formatCardValue } from './format-metric';
import { METRIC_ICONS } from './metric-icons';
import { metricRows, type MetricRow } from '@yuqing/core';
import styles from './StatisticsCardView.module.css';

/** One card per metric: icon, the big number, and the change from the previous period. */
export default function StatisticsCardView({
  chart,
  data,
  colors,
  onDrill,
}: WidgetViewProps<StatisticsAnswer>) {
  const rows = metricRows(data, chart.options.metrics);
  return (
    <div className={styles.cards} data-testid={`widget-body-${chart.i}`}>
      {rows.map((row, index) => (
        <Card key={row.metric} row={row} color={colors.of(row.metric, index)} onDrill={onDrill} />
      ))}
    </div>
  );
}

interface CardProps {
  row: MetricRow;
  color: string;
  onDrill: WidgetViewProps<unknown>['onDrill'];
}

function Card({ row, color, onDrill }: CardProps) {
  const t = useT();
  const Icon = METRIC_ICONS[row.metric];
  const { text, exact } = formatCardValue(row.current, row.rate);
  const { drill } = row;
  const style = { '--card-color': color } as CSSProperties;
  const content = (
    <>
      <span className={styles.icon} aria-hidden>
        <Icon />
      </span>
      <span className={styles.text}>
        <span className={styles.label}>{t.label(row.label)}</span>
        <Tooltip title={exact}>
          <span className={styles.value} data-exact={exact}>
            {text}
          </span>
        </Tooltip>
        <span className={styles.compare}>
          <span>{t('环比')}</span>
          <ChangeMark metric={row.metric} change={row.change} />
          <span className={styles.previous}>
            {t('上期')} {formatCardValue(row.previous, row.rate).text}
          </span>
        </span>
      </span>
    </>
  );
  if (!drill) {
    return (
      <div className={styles.card} style={style} data-metric={row.metric}>
        {content}
      </div>
    );
  }
  return (
    <button
      type="button"
      className={`${styles.card} ${styles.clickable}`}
      style={style}
      data-metric={row.metric}
      title={t('筛选：{name}', { name: t.label(drill) })}
      onClick={() => onDrill('tendency', drill)}
    >
      {content}
    </button>
  );
}
