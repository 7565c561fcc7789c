import type { Aggregation, ChartRequest, Post, Sort } from '@yuqing/core';
import { search } from '../../api/search';

/** A page of posts as POST /search answers common_articles_page and common_hot_posts. */
export interface PostPage {
  list: Post[];
  /** Matching posts (hot posts: at most 200). */
  total: number;
  took?: number;
}

export interface Paging {
  /** Zero-based, as the API counts. */
  page: number;
  size: number;
  sort: Sort;
  aggs?: Extract<Aggregation, 'common_articles_page' | 'common_hot_posts'>;
}

/** One page of posts for a search body (the query and a widget's fixed parts). */
export function fetchPosts(request: ChartRequest, paging: Paging): Promise<PostPage> {
  return search<PostPage>({
    ...request,
    aggs: paging.aggs ?? 'common_articles_page',
    page: paging.page,
    size: paging.size,
    sort: paging.sort,
  });
}

/** The keyword expression of a search body, for highlighting. */
export const requestQ = (request: ChartRequest): string =>
  typeof request.q === 'string' ? request.q : '';

/** Scrolls every scrolled ancestor of `element` back to the top (page area and widget body). */
export function scrollAncestorsToTop(element: HTMLElement | null): void {
  for (let node = element; node; node = node.parentElement) {
    if (node.scrollTop > 0) node.scrollTop = 0;
  }
}
