import { sanitizeText, type RetweetedOriginal } from '@yuqing/core';
import { PostImages } from './PostImages';
import { PostText } from './PostText';
import styles from './PostCard.module.css';

interface RetweetedCardProps {
  original: RetweetedOriginal;
  terms: readonly string[];
}

/** The original of a Weibo repost, quoted inside the repost's card. */
export function RetweetedCard({ original, terms }: RetweetedCardProps) {
  return (
    <blockquote className={styles.quoted} data-testid="post-card-retweeted">
      {original.screenName && (
        <span className={styles.quotedAuthor}>@{sanitizeText(original.screenName)}</span>
      )}
      {original.title && <div className={styles.quotedTitle}>{sanitizeText(original.title)}</div>}
      <PostText text={original.text} terms={terms} />
      <PostImages images={original.images} />
    </blockquote>
  );
}
