import type { Post } from '@yuqing/core';
import { Button } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/useT';
import { PostList } from '../../posts/PostList';
import { fetchPosts } from '../../posts/postPage';
import type { WidgetViewProps } from '../types';
import type { PostWidgetData } from '@yuqing/core';
import { usePostWidget } from './usePostWidget';
import styles from './PostWidgets.module.css';

/** Information: a feed, newest first, that grows by a page on 加载更多. */
export default function InformationView(props: WidgetViewProps<PostWidgetData>) {
  // A new request (the query changed) starts afresh: no pages of the previous one.
  return <Feed key={JSON.stringify(props.data.request)} {...props} />;
}

function Feed({ chart, data }: WidgetViewProps<PostWidgetData>) {
  const t = useT();
  const { terms, verify } = usePostWidget(chart, data.request);
  const [more, setMore] = useState<Post[]>([]);
  const [pages, setPages] = useState(1);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const posts = more.length ? [...data.page.list, ...more] : data.page.list;
  const hasMore = posts.length < data.page.total;

  const loadMore = () => {
    setLoading(true);
    setError(undefined);
    fetchPosts(data.request, { page: pages, size: data.size, sort: data.sort })
      .then((answer) => {
        // A post published meanwhile shifts the pages: skip what is already shown.
        const seen = new Set(posts.map((post) => post._id));
        setMore((list) => [...list, ...answer.list.filter((post) => !seen.has(post._id))]);
        setPages(pages + 1);
      })
      .catch((reason: unknown) =>
        setError(reason instanceof Error ? reason.message : t('加载失败')),
      )
      .finally(() => setLoading(false));
  };

  return (
    <div className={styles.scroll}>
      <PostList
        posts={posts}
        terms={terms}
        view={chart.options.viewType ?? 'normal'}
        verify={verify}
      />
      <div className={styles.more}>
        {hasMore ? (
          <Button onClick={loadMore} loading={loading} data-testid={`information-more-${chart.i}`}>
            {error ? t('重试') : t('加载更多')}
          </Button>
        ) : (
          posts.length > 0 && <span className={styles.end}>{t('没有更多了')}</span>
        )}
      </div>
    </div>
  );
}
