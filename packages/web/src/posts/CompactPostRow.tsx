import { TagsOutlined } from '@ant-design/icons';
import { formatPostTime, platformName, postMainText, sanitizeText, type Post } from '@yuqing/core';
import { useT } from '../i18n/useT';
import { CorrectedMark } from './corrections/CorrectedMark';
import { useCorrectedPost } from './corrections/correctionStore';
import { DuplicateMark } from './DuplicateReason';
import { Highlighted } from './Highlighted';
import { openInKg } from './kgHandOver';
import { PostMetrics } from './PostMetrics';
import { usePostContext } from './usePostContext';
import styles from './PostCard.module.css';

interface CompactPostRowProps {
  post: Post;
  terms: readonly string[];
  verify?: boolean;
  rank?: number;
}

/** One post on one line: title (else the start of the text) and its meta, no pictures. */
export function CompactPostRow({ post: listed, terms, verify, rank }: CompactPostRowProps) {
  const t = useT();
  const context = usePostContext();
  const post = useCorrectedPost(listed);
  const headline = sanitizeText(post.title || postMainText(post).slice(0, 200));
  const author = sanitizeText(post.user?.screen_name || post.author);
  const color = post.tendency ? context.tendencyColor(post.tendency) : undefined;
  return (
    <article className={styles.compact} data-testid={`post-card-${post._id}`} data-view="compact">
      {rank !== undefined && <span className={styles.rank}>{rank}</span>}
      <a
        className={styles.compactTitle}
        href={post.uri || undefined}
        target="_blank"
        rel="noopener noreferrer"
        title={headline}
      >
        <Highlighted text={headline} terms={terms} />
      </a>
      <span className={styles.compactMeta}>
        {post.tendency && (
          <span
            className={styles.dot}
            style={{ background: color }}
            title={t.label(post.tendency)}
          />
        )}
        <CorrectedMark post={post} timeZone={context.timeZone} />
        <DuplicateMark post={post} />
        {post.media_platform && (
          <span>{t.label(platformName(post.media_platform, context.medias))}</span>
        )}
        {author && <span className={styles.compactAuthor}>{author}</span>}
        <PostMetrics post={post} />
        <time>{formatPostTime(post.created, context.timeZone)}</time>
        {verify && (
          <button
            type="button"
            className={styles.action}
            data-testid={`post-kg-${post._id}`}
            aria-label={t('标注')}
            title={t('标注')}
            onClick={() => openInKg(post)}
          >
            <TagsOutlined />
          </button>
        )}
      </span>
    </article>
  );
}
