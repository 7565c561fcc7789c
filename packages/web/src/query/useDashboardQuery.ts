import { pageQuery, type Page } from '@yuqing/core';
import { useEffect, useLayoutEffect } from 'react';
import { useSearchParams } from 'react-router';
import { takeOpening } from './pageOpening';
import { useQueryStore } from './queryStore';
import { QUERY_PARAM, decodeQuery, encodeQuery } from './urlQuery';

/**
 * Opens a page's query once the page is on screen: the URL's state when the viewer had changed
 * it, else the page's defaults; afterwards every change is written back to the URL. Answers
 * when the page was opened (it resolves relative ranges of widgets), or undefined until then,
 * so that no widget loads with the previous page's query.
 */
export function useDashboardQuery(key: string, page: Page, timeZone: string): number | undefined {
  const [searchParams, setSearchParams] = useSearchParams();
  const opened = useQueryStore((state) => state.opened);

  // Opening in render would change the store while the previous page is still mounted.
  useLayoutEffect(() => {
    // The navigation here may have decided already, and asked for the page's data.
    const opening = takeOpening(key);
    const store = useQueryStore.getState();
    if (opening) {
      store.open(opening.defaults, opening.query, { key, at: opening.at });
    } else {
      const at = Date.now();
      const fromUrl = decodeQuery(searchParams.get(QUERY_PARAM));
      store.open(pageQuery(page, at, timeZone), fromUrl, { key, at });
    }
    // Left for another screen: coming back is a new opening, decided on the way (pageOpening).
    return () => useQueryStore.getState().leave(key);
    // Only a new page opens a new query; later URL changes are this page's own writes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, page, timeZone]);

  useEffect(
    () =>
      useQueryStore.subscribe((state, previous) => {
        if (state.query === previous.query || state.opened.key !== key) return;
        setSearchParams(
          (params) => {
            const next = new URLSearchParams(params);
            if (state.query.useModified) next.set(QUERY_PARAM, encodeQuery(state.query));
            else next.delete(QUERY_PARAM);
            return next;
          },
          { replace: true },
        );
      }),
    [key, setSearchParams],
  );

  return opened.key === key ? opened.at : undefined;
}
