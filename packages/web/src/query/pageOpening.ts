import { pageQuery, type Page, type QueryState } from '@yuqing/core';
import { useQueryStore } from './queryStore';
import { QUERY_PARAM, decodeQuery } from './urlQuery';

/** How long a decided opening waits for its page to mount before it is too old to use. */
const OPENING_TTL_MS = 10_000;

/** A dashboard page a navigation is going to: when it opens, its defaults and its query. */
export interface PageOpening {
  key: string;
  at: number;
  defaults: QueryState;
  query: QueryState;
}

let decided: PageOpening | undefined;

/**
 * Decides how a page a navigation goes to opens, before the page's code has loaded, so that its
 * data can be asked for at once: the URL's state when the viewer had changed it, else the page's
 * defaults. Undefined when the page is open already (the navigation changes its own URL).
 */
export function decideOpening(
  key: string,
  page: Page,
  timeZone: string,
  url: URL,
): PageOpening | undefined {
  if (useQueryStore.getState().opened.key === key) return undefined;
  const at = Date.now();
  const defaults = pageQuery(page, at, timeZone);
  decided = {
    key,
    at,
    defaults,
    query: decodeQuery(url.searchParams.get(QUERY_PARAM)) ?? defaults,
  };
  return decided;
}

/** The opening decided for this page, if it is recent; it is used once. */
export function takeOpening(key: string): PageOpening | undefined {
  const opening = decided;
  decided = undefined;
  return opening?.key === key && Date.now() - opening.at < OPENING_TTL_MS ? opening : undefined;
}
