import { formatNumber, platformName, postMainText, sanitizeText } from '@yuqing/core';
import { useT } from '../../i18n/useT';
import { Highlighted } from '../../posts/Highlighted';
import { abbreviate } from '../../format/numberStyle';
import type { WidgetViewProps } from '../types';
import type { PostWidgetData } from '@yuqing/core';
import { usePostWidget } from './usePostWidget';
import styles from './PostWidgets.module.css';

/** Hot list: the top posts with rank numbers and their engagement. */
export default function HotListView({ chart, data }: WidgetViewProps<PostWidgetData>) {
  const t = useT();
  const { terms, context } = usePostWidget(chart, data.request);
  return (
    <ol className={styles.scroll} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
      {data.page.list.map((post, index) => {
        const headline = sanitizeText(post.title || postMainText(post).slice(0, 200));
        const author = sanitizeText(post.user?.screen_name || post.author);
        const platform = t.label(platformName(post.media_platform, context.medias));
        return (
          <li key={post._id} className={styles.hotRow} data-testid={`post-card-${post._id}`}>
            <span className={styles.hotRank}>{index + 1}</span>
            <a
              className={styles.hotTitle}
              href={post.uri || undefined}
              target="_blank"
              rel="noopener noreferrer"
              title={headline}
            >
              <Highlighted text={headline} terms={terms} />
            </a>
            <span className={styles.hotMeta}>{[platform, author].filter(Boolean).join(' · ')}</span>
            <span
              className={styles.hotValue}
              title={t('互动量 {count}', { count: formatNumber(post.engagement_num) })}
            >
              {abbreviate(post.engagement_num)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
