import { postImages, proxyImageUrl, sanitizeText } from '@yuqing/core';
import { PostText } from '../PostText';
import styles from '../PostCard.module.css';
import type { VariantProps } from './types';

/** WeChat article: its digest (summary, else the text) beside the cover picture. */
export function WechatContent({ post, terms }: VariantProps) {
  const cover = postImages(post)[0];
  const digest = post.summary || post.text || post.body;
  return (
    <div className={styles.article}>
      <div className={styles.articleText}>
        <PostText text={digest} terms={terms} />
      </div>
      {cover && (
        <span className={styles.cover}>
          <img src={proxyImageUrl(cover)} alt={sanitizeText(post.title)} loading="lazy" />
        </span>
      )}
    </div>
  );
}
