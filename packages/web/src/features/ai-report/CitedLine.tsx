import type { BriefSource } from '@yuqing/core';
import { Tooltip } from 'antd';
import styles from './ReportSummary.module.css';

const CITATION = /(\[\d{1,3}\])/;

/**
 * A line of the model's brief with its citations [n] drawn as marks: a post's opens the post, a
 * figure's shows the figure. The sources are data from posts: React escapes them, and only http(s)
 * links are kept (the server's too).
 */
export function CitedLine({ line, sources }: { line: string; sources: readonly BriefSource[] }) {
  const byNumber = new Map(sources.map((source) => [source.n, source]));
  return (
    <p className={styles.line}>
      {line.split(CITATION).map((part, at) => {
        const source = CITATION.test(part) ? byNumber.get(Number(part.slice(1, -1))) : undefined;
        if (!source) return part;
        const mark =
          source.url && /^https?:\/\//i.test(source.url) ? (
            <a href={source.url} target="_blank" rel="noopener noreferrer">
              {part}
            </a>
          ) : (
            part
          );
        return (
          <Tooltip key={at} title={source.text}>
            <sup className={styles.citation} data-testid={`ai-report-citation-${source.n}`}>
              {mark}
            </sup>
          </Tooltip>
        );
      })}
    </p>
  );
}
