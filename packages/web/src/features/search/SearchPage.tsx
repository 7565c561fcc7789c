import { chartRequest } from '@yuqing/core';
import { useMemo } from 'react';
import { useSession } from '../../session/session';
import { AppliedFilters, QueryBar } from '../../query/bar';
import { useQueryStore } from '../../query/queryStore';
import { useDashboardQuery } from '../../query/useDashboardQuery';
import { usePostContext, verifyEnabled } from '../../posts/usePostContext';
import { SEARCH_PAGE, SEARCH_WIDGET } from './searchPageConfig';
import { SearchResults } from '../../posts/SearchResults';
import styles from './SearchPage.module.css';

/**
 * #/search: the query bar with the keyword box (the keyword language; an invalid expression is
 * shown inline and not applied), the applied filters, and the search result list. 标注 is
 * offered to admins (there is no widget option here).
 */
export function SearchPage() {
  const { detail } = useSession();
  const timeZone = detail?.project.timezone ?? 'Asia/Shanghai';
  const openedAt = useDashboardQuery('search', SEARCH_PAGE, timeZone);
  const query = useQueryStore((state) => state.query);
  const context = usePostContext();
  const request = useMemo(
    () =>
      openedAt === undefined
        ? undefined
        : chartRequest(query, SEARCH_WIDGET, { now: openedAt, timeZone }),
    [query, openedAt, timeZone],
  );

  return (
    <div className={styles.page} data-testid="search-page">
      <QueryBar page={SEARCH_PAGE} timeZone={timeZone} />
      <AppliedFilters />
      <section className={styles.panel}>
        {request && <SearchResults request={request} verify={verifyEnabled(undefined, context)} />}
      </section>
    </div>
  );
}
