import { displayText } from '@yuqing/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../i18n/useT';
import { Highlighted } from './Highlighted';
import styles from './PostCard.module.css';

interface PostTextProps {
  text: string;
  terms: readonly string[];
  /** The source says the text is longer than what it carries. */
  long?: boolean;
}

/**
 * A post's text, sanitised and cut at 500 characters (spec 5), clamped to 5 lines; 展开 shows
 * the whole (cut) text and 收起 clamps it again. The toggle appears only when there is more.
 */
export function PostText({ text, terms, long }: PostTextProps) {
  const t = useT();
  const shown = displayText(text, long);
  const ref = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (element && !expanded) setOverflows(element.scrollHeight > element.clientHeight + 1);
  }, [shown.text, expanded]);

  if (!shown.text) return null;
  return (
    <div>
      <div ref={ref} className={expanded ? styles.text : `${styles.text} ${styles.clamped}`}>
        <Highlighted text={shown.text} terms={terms} />
      </div>
      {(overflows || shown.truncated || expanded) && (
        <button
          type="button"
          className={styles.expand}
          data-testid="post-card-expand"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('收起') : t('展开')}
        </button>
      )}
    </div>
  );
}
