import { ExportOutlined, TagsOutlined } from '@ant-design/icons';
import {
  formatPostTime,
  postVariant,
  sanitizeText,
  type Post,
  type PostVariant,
} from '@yuqing/core';
import type { ComponentType } from 'react';
import { useT } from '../i18n/useT';
import { CorrectionActions } from './corrections/CorrectionActions';
import { useCorrectedPost } from './corrections/correctionStore';
import { DuplicateReason } from './DuplicateReason';
import { Highlighted } from './Highlighted';
import { openInKg } from './kgHandOver';
import { PostAuthor } from './PostAuthor';
import { PostMetrics } from './PostMetrics';
import { PostTags } from './PostTags';
import { usePostContext } from './usePostContext';
import { DefaultContent } from './variants/DefaultContent';
import { RedContent } from './variants/RedContent';
import type { VariantProps } from './variants/types';
import { VideoContent } from './variants/VideoContent';
import { WechatContent } from './variants/WechatContent';
import { WeiboContent } from './variants/WeiboContent';
import styles from './PostCard.module.css';

export interface PostCardProps {
  post: Post;
  /** Terms to highlight (core `highlightTerms`). */
  terms: readonly string[];
  /** Offer 标注: hand the post to the tagging tool (#/kg) in a new tab. */
  verify?: boolean;
  /** A rank number shown before the author (hot lists). */
  rank?: number;
}

const CONTENT: Record<PostVariant, ComponentType<VariantProps>> = {
  weibo: WeiboContent,
  wechat: WechatContent,
  video: VideoContent,
  red: RedContent,
  default: DefaultContent,
};

/**
 * One post as a card (spec 9): author block and tags, the title linking to the original, the
 * platform's own content layout, then time, engagement and actions.
 */
export function PostCard({ post: listed, terms, verify, rank }: PostCardProps) {
  const t = useT();
  const { timeZone, canCorrect } = usePostContext();
  const post = useCorrectedPost(listed);
  const variant = postVariant(post);
  const Content = CONTENT[variant];
  const title = sanitizeText(post.title);
  return (
    <article className={styles.card} data-testid={`post-card-${post._id}`} data-variant={variant}>
      <header className={styles.header}>
        {rank !== undefined && <span className={styles.rank}>{rank}</span>}
        <PostAuthor post={post} accountLabel={variant === 'wechat' ? t('公众号') : undefined} />
        <PostTags post={post} />
      </header>
      {title && (
        <h4 className={styles.title}>
          <a href={post.uri || undefined} target="_blank" rel="noopener noreferrer">
            <Highlighted text={title} terms={terms} />
          </a>
        </h4>
      )}
      <Content post={post} terms={terms} />
      <DuplicateReason post={post} />
      <footer className={styles.footer}>
        <time className={styles.time} dateTime={new Date(post.created).toISOString()}>
          {formatPostTime(post.created, timeZone)}
        </time>
        <PostMetrics post={post} />
        <span className={styles.actions}>
          {canCorrect && <CorrectionActions post={post} />}
          {verify && (
            <button
              type="button"
              className={styles.action}
              data-testid={`post-kg-${post._id}`}
              onClick={() => openInKg(post)}
            >
              <TagsOutlined /> {t('标注')}
            </button>
          )}
          {post.uri && (
            <a className={styles.action} href={post.uri} target="_blank" rel="noopener noreferrer">
              <ExportOutlined /> {t('原文')}
            </a>
          )}
        </span>
      </footer>
    </article>
  );
}
