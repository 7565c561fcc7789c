import { pageData, type PageData, type PageDataRequestInput } from '@yuqing/core';
import { request } from './client';

/** `POST /page_data`: every widget's data of a page in one call; `signal` cancels it. */
export function fetchPageData(body: PageDataRequestInput, signal: AbortSignal): Promise<PageData> {
  return request('/page_data', pageData, { method: 'POST', body, signal });
}
