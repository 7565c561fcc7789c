import { POST_CALLS, type CallPartInput, type ChartRequest } from '@yuqing/core';
import { call } from './call';

/**
 * `POST /search` for a widget. The answer's shape is the catalog's (core `posts/answers`); the
 * server builds it from typed engine results, so it is taken as that type here. A widget's
 * request is built from its options, loosely typed, and checked by the server.
 */
export async function search<T>(body: ChartRequest): Promise<T> {
  const request = body as CallPartInput<typeof POST_CALLS.search, 'body'>;
  return (await call(POST_CALLS.search, { body: request })) as T;
}
