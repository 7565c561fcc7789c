import { highlightSegments } from '@yuqing/core';
import { useMemo } from 'react';
import styles from './PostCard.module.css';

interface HighlightedProps {
  /** Already sanitised display text. */
  text: string;
  terms: readonly string[];
}

/** Text with the keyword hits wrapped in <mark>; React escapes every piece, nothing is parsed. */
export function Highlighted({ text, terms }: HighlightedProps) {
  const segments = useMemo(() => highlightSegments(text, terms), [text, terms]);
  return (
    <>
      {segments.map((segment, index) =>
        segment.hit ? (
          <mark key={index} className={styles.mark}>
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
