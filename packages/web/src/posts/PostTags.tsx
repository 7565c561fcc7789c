import { FIELD_CODE_HELP, platformName, sanitizeText, type Post } from '@yuqing/core';
import { Tag } from 'antd';
import { useT } from '../i18n/useT';
import { CorrectedMark } from './corrections/CorrectedMark';
import { usePostContext } from './usePostContext';
import styles from './PostCard.module.css';

/** Platform, media name, media level and tendency of a post, as small tags. */
export function PostTags({ post }: { post: Post }) {
  const t = useT();
  const context = usePostContext();
  const color = post.tendency ? context.tendencyColor(post.tendency) : undefined;
  const media = sanitizeText(post.media);
  const levelHelp = FIELD_CODE_HELP.media_level;
  const platform = post.media_platform ? platformName(post.media_platform, context.medias) : '';
  return (
    <span className={styles.tags}>
      {platform && <Tag className={styles.tag}>{t.label(platform)}</Tag>}
      {media && media !== platform && (
        <Tag className={styles.tag} title={t('媒体')}>
          {media}
        </Tag>
      )}
      {post.media_level && (
        <Tag className={styles.tag} title={levelHelp && t.label(levelHelp)}>
          {t('{level}级', { level: post.media_level })}
        </Tag>
      )}
      {post.tendency && (
        <Tag className={styles.tag} color={color} data-tendency={post.tendency}>
          {t.label(post.tendency)}
        </Tag>
      )}
      <CorrectedMark post={post} timeZone={context.timeZone} />
    </span>
  );
}
