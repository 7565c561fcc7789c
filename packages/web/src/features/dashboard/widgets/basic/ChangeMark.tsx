import { formatPercent } from '@yuqing/core';
import { changeDirection } from '@yuqing/core';
import styles from './ChangeMark.module.css';

/** A period-over-period change: ↑ green, ↓ red, — without a base. */
export function ChangeMark({ change }: { change: number | undefined }) {
  const direction = changeDirection(change);
  if (direction === 'none' || change === undefined) {
    return <span className={styles.none}>—</span>;
  }
  const arrow = direction === 'up' ? '↑' : direction === 'down' ? '↓' : '';
  return (
    <span className={styles[direction]} data-direction={direction}>
      {arrow}
      {formatPercent(Math.abs(change))}
    </span>
  );
}
