import { PlayCircleFilled } from '@ant-design/icons';
import { proxyImageUrl } from '@yuqing/core';
import { useT } from '../i18n/useT';
import styles from './PostCard.module.css';

interface VideoCoverProps {
  cover: string | undefined;
  href: string;
  /** Shown on the cover, e.g. 12.3k 播放. */
  plays?: string;
}

/** A video's cover in a fixed 16:9 box with a play icon, linking to the video. */
export function VideoCover({ cover, href, plays }: VideoCoverProps) {
  const t = useT();
  return (
    <a
      className={styles.video}
      href={href || undefined}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('播放视频')}
    >
      {cover && <img src={proxyImageUrl(cover)} alt="" loading="lazy" decoding="async" />}
      <PlayCircleFilled className={styles.play} />
      {plays && <span className={styles.plays}>{plays}</span>}
    </a>
  );
}
