import type { Post } from '@yuqing/core';
import { Empty } from 'antd';
import { useT } from '../i18n/useT';
import { CompactPostRow } from './CompactPostRow';
import { PostCard } from './PostCard';
import type { PostViewType } from './viewType';
import styles from './PostCard.module.css';

export interface PostListProps {
  posts: readonly Post[];
  terms: readonly string[];
  view?: PostViewType;
  verify?: boolean;
  /** Number the posts from this rank (hot lists); none when absent. */
  firstRank?: number;
}

/** Posts as cards or compact rows; 暂无数据 when there are none. */
export function PostList({ posts, terms, view = 'normal', verify, firstRank }: PostListProps) {
  const t = useT();
  if (posts.length === 0)
    return (
      <Empty
        className={styles.empty}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('暂无数据')}
        data-testid="post-list-empty"
      />
    );
  const Item = view === 'compact' ? CompactPostRow : PostCard;
  return (
    <div className={view === 'compact' ? styles.compactList : styles.list} data-view={view}>
      {posts.map((post, index) => (
        <Item
          key={post._id}
          post={post}
          terms={terms}
          verify={verify}
          rank={firstRank === undefined ? undefined : firstRank + index}
        />
      ))}
    </div>
  );
}
