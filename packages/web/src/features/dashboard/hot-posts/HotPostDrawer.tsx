import type { ChartRequest } from '@yuqing/core';
import { Drawer, Pagination, Segmented, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../../../i18n/useT';
import { PostList } from '../../../posts/PostList';
import { fetchPosts, requestQ } from '../../../posts/postPage';
import type { PostPage } from '@yuqing/core';
import { usePostContext, verifyEnabled } from '../../../posts/usePostContext';
import {
  HOT_POST_CAP,
  HOT_POST_DRAWER_WIDTH,
  HOT_POST_PAGE_SIZE,
  HOT_POST_SORTS,
  type HotPostSort,
} from './hotPosts';
import styles from './HotPosts.module.css';

interface HotPostDrawerProps {
  open: boolean;
  /** The search body taken when the drawer opened. */
  request: ChartRequest | undefined;
  onClose(): void;
}

interface Settled {
  key: string;
  answer?: PostPage;
  error?: string;
}

/**
 * The hot posts of the page's query (spec 2): newest first, or by engagement; pages of 20 and
 * at most 200 posts (the server caps the total). The trigger mounts a fresh drawer (a new `key`)
 * on every opening, so the list is reset: page 1, newest first, nothing of the last opening.
 */
export function HotPostDrawer({ open, request, onClose }: HotPostDrawerProps) {
  const t = useT();
  const context = usePostContext();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<HotPostSort>('created desc');
  const [settled, setSettled] = useState<Settled>();
  const bodyRef = useRef<HTMLDivElement>(null);
  const key = JSON.stringify([request, page, sort]);
  const terms = useMemo(
    () => context.termsFor(request ? requestQ(request) : ''),
    [context, request],
  );

  useEffect(() => {
    if (!open || !request) return;
    let current = true;
    fetchPosts(request, {
      aggs: 'common_hot_posts',
      page: page - 1,
      size: HOT_POST_PAGE_SIZE,
      sort,
    }).then(
      (answer) => current && setSettled({ key, answer }),
      (error: unknown) =>
        current &&
        setSettled({ key, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
    // `key` stands for the request, page and sort.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, key]);

  const loading = open && settled?.key !== key;
  const answer = settled?.answer;
  const total = Math.min(answer?.total ?? 0, HOT_POST_CAP);
  const goTo = (next: number) => {
    setPage(next);
    bodyRef.current?.closest('.ant-drawer-body')?.scrollTo({ top: 0 });
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={HOT_POST_DRAWER_WIDTH}
      title={t('热门信息')}
      destroyOnHidden
      extra={
        <Segmented
          size="small"
          value={sort}
          options={HOT_POST_SORTS.map((option) => ({ ...option, label: t(option.label) }))}
          onChange={(value) => {
            setSort(value as HotPostSort);
            goTo(1);
          }}
          data-testid="hot-post-sort"
        />
      }
    >
      <div
        ref={bodyRef}
        className={styles.body}
        data-testid="hot-post-drawer"
        data-loading={loading ? 'true' : 'false'}
      >
        {answer && (
          <div className={styles.total} data-testid="hot-post-total">
            {t('共')} <b>{total}</b> {t('条')}
            {answer.total >= HOT_POST_CAP ? t('（最多展示 {cap} 条）', { cap: HOT_POST_CAP }) : ''}
          </div>
        )}
        {settled?.error && settled.key === key ? (
          <div className={styles.error} role="alert">
            {settled.error}
          </div>
        ) : answer ? (
          <PostList
            posts={answer.list}
            terms={terms}
            verify={verifyEnabled(undefined, context)}
            firstRank={(page - 1) * HOT_POST_PAGE_SIZE + 1}
          />
        ) : null}
        {loading && (
          <div className={answer ? styles.overlay : styles.loading}>
            <Spin />
          </div>
        )}
        {total > HOT_POST_PAGE_SIZE && (
          <div className={styles.pagination} data-testid="hot-post-pagination" data-page={page}>
            <Pagination
              size="small"
              current={page}
              pageSize={HOT_POST_PAGE_SIZE}
              total={total}
              showSizeChanger={false}
              onChange={goTo}
            />
          </div>
        )}
      </div>
    </Drawer>
  );
}
