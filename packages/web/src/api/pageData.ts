import { POST_CALLS, type PageData, type PageDataRequestInput } from '@yuqing/core';
import { call } from './call';

/** `POST /page_data`: every widget's data of a page in one call; `signal` cancels it. */
export function fetchPageData(body: PageDataRequestInput, signal: AbortSignal): Promise<PageData> {
  return call(POST_CALLS.pageData, { body }, { signal });
}
