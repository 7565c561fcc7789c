import { chartRequest, type Chart, type QueryState } from '@yuqing/core';
import { zh } from '../../../i18n/translateText';

/** Hot-post drawer (spec 2 and 9): width, page size, the server's cap on the total. */
export const HOT_POST_DRAWER_WIDTH = '40%';
export const HOT_POST_PAGE_SIZE = 20;
export const HOT_POST_CAP = 200;

export const HOT_POST_SORTS = [
  { value: 'created desc', label: zh('最新') },
  { value: 'engagement_num desc', label: zh('互动量') },
] as const;
export type HotPostSort = (typeof HOT_POST_SORTS)[number]['value'];

const HOT_POSTS: Pick<Chart, 'i' | 'aggs' | 'filter' | 'defaultQuery' | 'innerRequest'> = {
  i: 'hot-posts',
  aggs: 'common_hot_posts',
  filter: [],
  defaultQuery: [],
  innerRequest: {},
};

/** The drawer's search body: the page's current query, as a widget without settings of its own. */
export function hotPostRequest(query: QueryState, now: number, timeZone: string) {
  return chartRequest(query, HOT_POSTS, { now, timeZone });
}
