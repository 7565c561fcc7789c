import { VALUE_TYPE_LABELS, formatPercent } from '@yuqing/core';
import type { CSSProperties } from 'react';
import { formatValue } from '../../format/numberStyle';
import type { WidgetViewProps } from '../types';
import type { CompetingData } from '@yuqing/core';
import { useT } from '../../i18n/useT';
import { displayName as sourceName, displayNameIn } from '../../format/displayName';
import styles from './CompetingListView.module.css';

/** Brands ranked by the chosen measure, with their share of the listed total as a bar. */
export default function CompetingListView({
  chart,
  data,
  colors,
  onDrill,
}: WidgetViewProps<CompetingData>) {
  const t = useT();
  const displayName = displayNameIn(t);
  const format = chart.options.format === 'abbr' ? 'abbr' : 'number';
  const measure = t.label(VALUE_TYPE_LABELS[data.valueType]);
  const top = data.rows[0]?.share ?? 0;
  return (
    <div className={styles.list} data-testid={`widget-body-${chart.i}`}>
      <div className={styles.head} aria-hidden>
        <span>{t('排名')}</span>
        <span>{t('名称')}</span>
        <span>{t('{measure}占比', { measure })}</span>
        <span className={styles.number}>{measure}</span>
        <span className={styles.number}>{t.label(VALUE_TYPE_LABELS[data.otherType])}</span>
      </div>
      <ol className={styles.rows}>
        {data.rows.map((row, index) => {
          const name = displayName(row.path);
          const color = colors.of(sourceName(row.path), index);
          // Bars are scaled to the leader, so the first row always spans the track.
          const width = top > 0 ? (row.share / top) * 100 : 0;
          return (
            <li key={row.path}>
              <button
                type="button"
                className={styles.row}
                style={{ '--bar-color': color } as CSSProperties}
                title={t('筛选：{name}', { name })}
                onClick={() => onDrill(data.field, row.path)}
              >
                <span className={`${styles.rank} ${index < 3 ? styles.podium : ''}`}>
                  {index + 1}
                </span>
                <span className={styles.name}>{name}</span>
                <span className={styles.barCell}>
                  <span className={styles.track}>
                    <span className={styles.bar} style={{ width: `${width}%` }} />
                  </span>
                  <span className={styles.share}>{formatPercent(row.share)}</span>
                </span>
                <span className={styles.number}>{formatValue(row.value, format)}</span>
                <span className={`${styles.number} ${styles.other}`}>
                  {row.other === undefined ? '—' : formatValue(row.other, format)}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
