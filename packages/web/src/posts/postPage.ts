import { postPageBody, type ChartRequest, type Paging, type PostPage } from '@yuqing/core';
import { search } from '../api/search';

/** One page of posts for a search body (the query and a widget's fixed parts). */
export function fetchPosts(request: ChartRequest, paging: Paging): Promise<PostPage> {
  return search<PostPage>(postPageBody(request, paging));
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
