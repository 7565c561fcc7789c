import { parseKeywordQuery, type FilterItem, type KeywordError } from '@yuqing/core';
import { Input } from 'antd';
import { useState } from 'react';
import { currentT, useT, type Translate } from '../../i18n/useT';
import { useQueryStore } from '../queryStore';
import styles from './QueryBar.module.css';

type SearchItem = Extract<FilterItem, { type: 'search' }>;

/** The message shown under the box; the parser's message names the 1-based position. */
export const keywordErrorText = (error: KeywordError, t: Translate = currentT()) =>
  t('关键词格式有误：{message}', { message: t.label(error.message) });

/**
 * The keyword box: Enter or the search button sets `q`. An expression the keyword language
 * rejects is shown inline with its position and not applied. Remount it (`key={q}`) to show a
 * `q` changed elsewhere.
 */
export function KeywordSearch({ item }: { item: SearchItem }) {
  const t = useT();
  const q = useQueryStore((state) => state.query.q);
  const setQ = useQueryStore((state) => state.setQ);
  const [text, setText] = useState(q);
  const [error, setError] = useState<KeywordError | undefined>();

  const submit = (value: string) => {
    const parsed = parseKeywordQuery(value);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    if (value.trim() !== q) setQ(value);
  };

  return (
    <span className={styles.keyword}>
      <Input.Search
        data-testid="keyword-search"
        aria-label={item.label ? t.label(item.label) : t('关键词')}
        placeholder={
          item.options.placeholder ? t.label(item.options.placeholder) : t('请输入关键词')
        }
        allowClear
        enterButton
        value={text}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(undefined);
        }}
        onSearch={submit}
      />
      {error && (
        <span className={styles.keywordError} role="alert" data-testid="keyword-error">
          {keywordErrorText(error, t)}
        </span>
      )}
    </span>
  );
}
