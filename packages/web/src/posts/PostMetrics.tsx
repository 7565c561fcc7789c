import { formatNumber, postMetrics, type Post } from '@yuqing/core';
import { useT } from '../i18n/useT';
import { numberStyle } from '../format/numberStyle';
import styles from './PostCard.module.css';

/** The engagement counts the post's platform or media type calls for, abbreviated (k, or 万). */
export function PostMetrics({ post }: { post: Post }) {
  const t = useT();
  const metrics = postMetrics(post, numberStyle());
  if (metrics.length === 0) return null;
  return (
    <span className={styles.metrics}>
      {metrics.map((metric) => (
        <span
          key={metric.field}
          className={styles.metric}
          title={`${t.label(metric.label)} ${formatNumber(metric.value)}`}
          data-metric={metric.field}
        >
          {t.label(metric.label)} <b>{metric.text}</b>
        </span>
      ))}
    </span>
  );
}
