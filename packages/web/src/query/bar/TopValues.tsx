import type { FilterField, ListAnswer, NameValue } from '@yuqing/core';
import { useEffect, useMemo, useState } from 'react';
import { search } from '../../api/search';
import { useQueryStore } from '../queryStore';
import { useT } from '../../i18n/useT';
import { displayNameIn } from '../../format/displayName';
import { abbreviate } from '../../format/numberStyle';
import { topValuesRequest } from './topValues';
import styles from './QueryBar.module.css';

/**
 * The five most frequent values of a popover field for the current query, as small bars
 * (spec 7, common_top5). Loaded when the popover opens; nothing is shown until they arrive.
 */
export function TopValues({ field, labels }: { field: FilterField; labels: Map<string, string> }) {
  const t = useT();
  const displayName = displayNameIn(t);
  const query = useQueryStore((state) => state.query);
  const request = useMemo(() => topValuesRequest(query, field), [query, field]);
  const key = JSON.stringify(request);
  const [answer, setAnswer] = useState<{ key: string; list: NameValue[] } | null>(null);

  useEffect(() => {
    let current = true;
    search<ListAnswer<NameValue>>(request).then(
      (data) => current && setAnswer({ key, list: data.list ?? [] }),
      () => current && setAnswer({ key, list: [] }),
    );
    return () => {
      current = false;
    };
    // `key` stands for `request`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const list = answer?.list ?? [];
  if (list.length === 0) return null;
  const nameOf = (value: string) => {
    const label = labels.get(value);
    return label ? t.label(label) : displayName(value);
  };
  const max = Math.max(...list.map((item) => item.value), 1);
  return (
    <ul className={styles.topValues} data-testid={`top-values-${field}`} aria-label="TOP5">
      {list.map((item) => (
        <li key={item.name} className={styles.topValue}>
          <span className={styles.topName} title={nameOf(item.name)}>
            {nameOf(item.name)}
          </span>
          <span className={styles.topTrack}>
            <span className={styles.topBar} style={{ width: `${(item.value / max) * 100}%` }} />
          </span>
          <span className={styles.topCount}>{abbreviate(item.value)}</span>
        </li>
      ))}
    </ul>
  );
}
