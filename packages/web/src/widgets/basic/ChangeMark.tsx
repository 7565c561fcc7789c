import { changeDirection, changeTone, formatPercent, type StatisticMetric } from '@yuqing/core';
import styles from './ChangeMark.module.css';

/**
 * A metric's period-over-period change: ↑ or ↓, green when it is good news and red when bad (a
 * fall of 负面 is good), — without a base.
 */
export function ChangeMark({
  metric,
  change,
}: {
  metric: StatisticMetric;
  change: number | undefined;
}) {
  const direction = changeDirection(change);
  if (direction === 'none' || change === undefined) {
    return <span className={styles.none}>—</span>;
  }
  const arrow = direction === 'up' ? '↑' : direction === 'down' ? '↓' : '';
  const tone = changeTone(metric, change);
  return (
    <span className={styles[tone]} data-direction={direction} data-tone={tone}>
      {arrow}
      {formatPercent(Math.abs(change))}
    </span>
  );
}
