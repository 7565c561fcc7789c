import { QUICK_RANGE_LABELS, resolveQuickRange, type FilterItem } from '@yuqing/core';
import { Tag } from 'antd';
import { useT } from '../../i18n/useT';
import { useQueryStore } from '../queryStore';
import { sameRange } from './dateRange';
import { useNow } from './useNow';
import styles from './QueryBar.module.css';

type QuickRangeItem = Extract<FilterItem, { type: 'quick_range' }>;

/** Quick-range chips (spec 9): the chip whose range the query has is highlighted. */
export function QuickRanges({ item, timeZone }: { item: QuickRangeItem; timeZone: string }) {
  const start = useQueryStore((state) => state.query.start);
  const end = useQueryStore((state) => state.query.end);
  const setRange = useQueryStore((state) => state.setRange);
  const now = useNow();
  const t = useT();
  const label = item.label && t.label(item.label);
  return (
    <span className={styles.quickRanges} role="group" aria-label={label || t('快捷时间')}>
      {label && <span className={styles.label}>{label}</span>}
      {item.options.ranges.map((key) => {
        const range = resolveQuickRange(key, now, timeZone);
        const checked = sameRange(range, { start, end });
        return (
          <Tag.CheckableTag
            key={key}
            data-testid={`quick-range-${key}`}
            checked={checked}
            onChange={() => {
              // Resolved at the click, so a page left open overnight picks the new day.
              if (!checked) setRange(resolveQuickRange(key, Date.now(), timeZone));
            }}
          >
            {t.label(QUICK_RANGE_LABELS[key])}
          </Tag.CheckableTag>
        );
      })}
    </span>
  );
}
