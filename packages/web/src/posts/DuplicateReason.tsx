import { formatPostTime, sanitizeText, type Post } from '@yuqing/core';
import { useT } from '../i18n/useT';
import { usePostContext } from './usePostContext';
import styles from './DuplicateReason.module.css';

/** A near duplicate's similarity to the post it repeats, as a whole percentage. */
export const similarityPercent = (post: Post) =>
  `${Math.round((post.duplicate_similarity ?? 0) * 100)}%`;

/** Whether a listed post is marked 重复 with the post it repeats named. */
export const hasDuplicateReason = (post: Post) => post.water_post === 'YES' && !!post.duplicate_of;

/**
 * Why a post is marked 重复 (水军/重复): the earlier post it repeats — its author and time,
 * linking to it, its _id on hover — and how close the two are, so an analyst can check the mark.
 * The server lists that post beside it (`duplicate_source`); a post it no longer holds is named by
 * its _id.
 */
export function DuplicateReason({ post }: { post: Post }) {
  const t = useT();
  const { timeZone } = usePostContext();
  if (!hasDuplicateReason(post)) return null;
  const source = post.duplicate_source;
  const idTitle = t('帖子 ID：{id}', { id: source?._id ?? post.duplicate_of ?? '' });
  return (
    <p className={styles.reason} data-testid={`post-duplicate-${post._id}`}>
      <span className={styles.mark}>{t('重复')}</span>
      <span>{t('与')}</span>
      {source ? (
        <a href={source.uri || undefined} target="_blank" rel="noopener noreferrer" title={idTitle}>
          {t('{author} {time} 的帖子', {
            author: sanitizeText(source.author) || t('未知作者'),
            time: formatPostTime(source.created, timeZone),
          })}
        </a>
      ) : (
        <span title={idTitle}>{t('帖子 {id}', { id: post.duplicate_of ?? '' })}</span>
      )}
      <span>{t('相似度 {percent}', { percent: similarityPercent(post) })}</span>
    </p>
  );
}

/** The compact row's mark: 重复 and the similarity, the repeated post's author and time on hover. */
export function DuplicateMark({ post }: { post: Post }) {
  const t = useT();
  const { timeZone } = usePostContext();
  if (!hasDuplicateReason(post)) return null;
  const source = post.duplicate_source;
  const percent = similarityPercent(post);
  const what = source
    ? t('{author} {time}（ID {id}）', {
        author: sanitizeText(source.author) || t('未知作者'),
        time: formatPostTime(source.created, timeZone),
        id: source._id,
      })
    : `ID ${post.duplicate_of}`;
  return (
    <span
      className={styles.compact}
      data-testid={`post-duplicate-${post._id}`}
      title={t('重复：与 {what} 的帖子相似度 {percent}', { what, percent })}
    >
      {t('重复 {percent}', { percent })}
    </span>
  );
}
