import {
  QUERY_LIMITS,
  SORTS,
  SORT_LABELS,
  formatNumber,
  type ChartRequest,
  type Sort,
} from '@yuqing/core';
import { Pagination, Segmented, Select, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { zh } from '../i18n/translateText';
import { useT } from '../i18n/useT';
import { PostList } from './PostList';
import { fetchPosts, requestQ, scrollAncestorsToTop } from './postPage';
import type { PostPage } from '@yuqing/core';
import { usePostContext } from './usePostContext';
import { readViewType, writeViewType, type PostViewType } from './viewType';
import styles from './SearchResults.module.css';

/** Search page size (spec 9). */
export const SEARCH_PAGE_SIZE = 20;

export interface SearchResultsProps {
  /** The search body without paging and sort: the query and a widget's fixed parts. */
  request: ChartRequest;
  /** The first page for `defaultSort`, already loaded (by a widget's loader): shown as is. */
  initial?: PostPage;
  defaultSort?: Sort;
  pageSize?: number;
  /** A fixed view type; without it the viewer switches, and the choice is remembered. */
  view?: PostViewType;
  /** Show the sort and view-type switches (the full search result). */
  controls?: boolean;
  verify: boolean;
}

interface Settled {
  key: string;
  answer?: PostPage;
  error?: string;
}

const VIEW_OPTIONS = [
  { value: 'normal', label: zh('标准') },
  { value: 'compact', label: zh('紧凑') },
];

/**
 * The search result list (spec 2): total, sorts, view type (normal or compact, remembered in
 * local storage), the posts, and pagination from page 1 (the API counts from 0), hidden when
 * there is one page. A page change loads that page and scrolls the page area to the top; a new
 * request starts again at page 1.
 */
export function SearchResults({
  request,
  initial,
  defaultSort = 'created desc',
  pageSize = SEARCH_PAGE_SIZE,
  view: fixedView,
  controls = true,
  verify,
}: SearchResultsProps) {
  const t = useT();
  const context = usePostContext();
  const sortOptions = useMemo(
    () => SORTS.map((value) => ({ value, label: t.label(SORT_LABELS[value]) })),
    [t],
  );
  const viewOptions = useMemo(
    () => VIEW_OPTIONS.map(({ value, label }) => ({ value, label: t(label) })),
    [t],
  );
  const [totalBefore, totalAfter] = t('共 {total} 条').split('{total}');
  const rootRef = useRef<HTMLDivElement>(null);
  const requestKey = JSON.stringify(request);
  const [paging, setPaging] = useState({ key: requestKey, page: 1 });
  const [sort, setSort] = useState<Sort>(defaultSort);
  const [chosenView, setChosenView] = useState<PostViewType>(() => readViewType());
  const view = fixedView ?? chosenView;
  const page = paging.key === requestKey ? paging.page : 1;
  const fetchKey = JSON.stringify([requestKey, page, sort, pageSize]);
  const useInitial = initial !== undefined && page === 1 && sort === defaultSort;
  const [settled, setSettled] = useState<Settled | undefined>(undefined);
  const terms = useMemo(() => context.termsFor(requestQ(request)), [context, request]);

  useEffect(() => {
    if (useInitial) return;
    let current = true;
    fetchPosts(request, { page: page - 1, size: pageSize, sort }).then(
      (answer) => current && setSettled({ key: fetchKey, answer }),
      (error: unknown) =>
        current &&
        setSettled({
          key: fetchKey,
          error: error instanceof Error ? error.message : String(error),
        }),
    );
    return () => {
      current = false;
    };
    // `fetchKey` stands for the request, page, sort and size.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetchKey, useInitial]);

  const answer = useInitial ? initial : settled?.answer;
  const loading = !useInitial && settled?.key !== fetchKey;
  const error = !useInitial && settled?.key === fetchKey ? settled.error : undefined;
  const total = answer?.total ?? 0;
  // The server lists no post past the result window: deeper pages are never offered.
  const pageable = Math.min(total, QUERY_LIMITS.resultWindow);

  const goTo = (next: number) => {
    setPaging({ key: requestKey, page: next });
    scrollAncestorsToTop(rootRef.current);
  };

  return (
    <div className={styles.results} ref={rootRef} data-testid="search-results">
      <div className={styles.toolbar}>
        <span className={styles.total} data-testid="search-total" data-total={total}>
          {answer ? (
            <>
              {totalBefore}
              <b>{formatNumber(total)}</b>
              {totalAfter}
              {total > pageable && (
                <span className={styles.windowNote} data-testid="search-window-note">
                  {t('，可翻阅前 {count} 条，请缩小查询范围查看更多', {
                    count: formatNumber(pageable),
                  })}
                </span>
              )}
            </>
          ) : (
            t('app.loading')
          )}
        </span>
        {controls && (
          <span className={styles.switches}>
            <Select
              size="small"
              value={sort}
              options={sortOptions}
              popupMatchSelectWidth={false}
              onChange={(value) => {
                setSort(value);
                goTo(1);
              }}
              aria-label={t('排序')}
              data-testid="search-sort"
              className={styles.sort}
            />
            {!fixedView && (
              <Segmented
                size="small"
                value={view}
                options={viewOptions}
                onChange={(value) => {
                  const next = value as PostViewType;
                  setChosenView(next);
                  writeViewType(next);
                }}
                data-testid="search-view-type"
              />
            )}
          </span>
        )}
      </div>
      <div className={styles.body} data-loading={loading ? 'true' : 'false'}>
        {error ? (
          <div className={styles.error} role="alert">
            {error}
          </div>
        ) : answer ? (
          <PostList posts={answer.list} terms={terms} view={view} verify={verify} />
        ) : (
          <div className={styles.placeholder} />
        )}
        {loading && (
          <div className={styles.loading}>
            <Spin />
          </div>
        )}
      </div>
      {total > pageSize && (
        <div className={styles.pagination} data-testid="search-pagination" data-page={page}>
          <Pagination
            current={page}
            pageSize={pageSize}
            total={pageable}
            showSizeChanger={false}
            showQuickJumper={pageable > pageSize * 10}
            hideOnSinglePage
            onChange={goTo}
          />
        </div>
      )}
    </div>
  );
}
