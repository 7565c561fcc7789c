import type { ChartRequest } from '@yuqing/core';
import { request } from './client';

/**
 * `POST /search` for a widget. The answer's shape is the catalog's (core `posts/answers`); the
 * server builds it from typed engine results, so it is taken as that type here.
 */
export function search<T>(body: ChartRequest): Promise<T> {
  return request('/search', { parse: (data) => data as T }, { method: 'POST', body });
}
