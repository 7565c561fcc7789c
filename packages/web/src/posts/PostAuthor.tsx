import { UserOutlined } from '@ant-design/icons';
import { proxyImageUrl, sanitizeText, type Post } from '@yuqing/core';
import { useT } from '../i18n/useT';
import { abbreviate } from '../format/numberStyle';
import styles from './PostCard.module.css';

interface PostAuthorProps {
  post: Post;
  /** What the account is called on its platform, e.g. 公众号 for WeChat. */
  accountLabel?: string;
}

/** Avatar, screen name, followers and description of a post's author. */
export function PostAuthor({ post, accountLabel }: PostAuthorProps) {
  const t = useT();
  const user = post.user;
  const avatar = user?.avatar_large || user?.profile_image_url;
  const name = sanitizeText(user?.screen_name || post.author || post.media || t('匿名'));
  const followers = user?.followers_count;
  return (
    <div className={styles.author}>
      <span className={styles.avatar}>
        {avatar ? (
          <img src={proxyImageUrl(avatar)} alt="" loading="lazy" decoding="async" />
        ) : (
          <UserOutlined />
        )}
      </span>
      <span className={styles.authorText}>
        <span className={styles.authorName}>
          {accountLabel && <span className={styles.accountLabel}>{accountLabel}</span>}
          <span className={styles.screenName} title={name}>
            {name}
          </span>
          {followers !== undefined && followers > 0 && (
            <span className={styles.followers}>
              {t('粉丝 {count}', { count: abbreviate(followers) })}
            </span>
          )}
        </span>
        {user?.description && (
          <span className={styles.description} title={sanitizeText(user.description)}>
            {sanitizeText(user.description)}
          </span>
        )}
      </span>
    </div>
  );
}
