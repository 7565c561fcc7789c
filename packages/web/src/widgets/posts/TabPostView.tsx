import { formatNumber, platformName } from '@yuqing/core';
import { Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/useT';
import { PostList } from '../../posts/PostList';
import { fetchPosts } from '../../posts/postPage';
import type { WidgetViewProps } from '../types';
import { withValue, type PostPage, type TabPostData } from '@yuqing/core';
import { usePostWidget } from './usePostWidget';
import styles from './PostWidgets.module.css';

/** Tab post: one tab per value of the field, 20 posts each; a tab loads when first opened. */
export default function TabPostView(props: WidgetViewProps<TabPostData>) {
  // A new request (the query changed) starts afresh: no pages of the previous one.
  return <TabPosts key={JSON.stringify(props.data.request)} {...props} />;
}

function TabPosts({ chart, data }: WidgetViewProps<TabPostData>) {
  const t = useT();
  const { terms, verify, context } = usePostWidget(chart, data.request);
  const first = data.tabs[0]?.name ?? '';
  const [active, setActive] = useState(first);
  const [pages, setPages] = useState<Record<string, PostPage | string>>({ [first]: data.page });

  useEffect(() => {
    if (pages[active] !== undefined) return;
    let current = true;
    fetchPosts(withValue(data.request, data.field, active), {
      page: 0,
      size: data.size,
      sort: data.sort,
    }).then(
      (answer) => current && setPages((loaded) => ({ ...loaded, [active]: answer })),
      (error: unknown) =>
        current &&
        setPages((loaded) => ({
          ...loaded,
          [active]: error instanceof Error ? error.message : t('加载失败'),
        })),
    );
    return () => {
      current = false;
    };
  }, [active, pages, data, t]);

  const label = (name: string) =>
    t.label(data.field === 'media_platform' ? platformName(name, context.medias) : name);

  return (
    <Tabs
      className={styles.tabs}
      size="small"
      activeKey={active}
      onChange={setActive}
      items={data.tabs.map((tab) => {
        const page = pages[tab.name];
        return {
          key: tab.name,
          label:
            tab.value > 0 ? `${label(tab.name)} (${formatNumber(tab.value)})` : label(tab.name),
          children: (
            <div
              className={styles.tabBody}
              data-testid={`tab-post-${chart.i}-${tab.name}`}
              data-active={tab.name === active}
            >
              {page === undefined ? (
                <div className={styles.loading}>
                  <Spin />
                </div>
              ) : typeof page === 'string' ? (
                <div role="alert">{page}</div>
              ) : (
                <PostList
                  posts={page.list}
                  terms={terms}
                  view={chart.options.viewType ?? 'compact'}
                  verify={verify}
                />
              )}
            </div>
          ),
        };
      })}
    />
  );
}
