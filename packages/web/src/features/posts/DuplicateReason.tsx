import { formatPostTime, sanitizeText, type Post } from '@yuqing/core';
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
  const { timeZone } = usePostContext();
  if (!hasDuplicateReason(post)) return null;
  const source = post.duplicate_source;
  const idTitle = `帖子 ID：${source?._id ?? post.duplicate_of}`;
  return (
    <p className={styles.reason} data-testid={`post-duplicate-${post._id}`}>
      <span className={styles.mark}>重复</span>
      <span>与</span>
      {source ? (
        <a href={source.uri || undefined} target="_blank" rel="noopener noreferrer" title={idTitle}>
          {sanitizeText(source.author) || '未知作者'} {formatPostTime(source.created, timeZone)}{' '}
          的帖子
        </a>
      ) : (
        <span title={idTitle}>帖子 {post.duplicate_of}</span>
      )}
      <span>相似度 {similarityPercent(post)}</span>
    </p>
  );
}

/** The compact row's mark: 重复 and the similarity, the repeated post's author and time on hover. */
export function DuplicateMark({ post }: { post: Post }) {
  const { timeZone } = usePostContext();
  if (!hasDuplicateReason(post)) return null;
  const source = post.duplicate_source;
  const what = source
    ? `${sanitizeText(source.author) || '未知作者'} ${formatPostTime(source.created, timeZone)}（ID ${source._id}）`
    : `ID ${post.duplicate_of}`;
  return (
    <span
      className={styles.compact}
      data-testid={`post-duplicate-${post._id}`}
      title={`重复：与 ${what} 的帖子相似度 ${similarityPercent(post)}`}
    >
      重复 {similarityPercent(post)}
    </span>
  );
}
