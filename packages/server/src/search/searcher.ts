import { searchAnswerOf, searchRequest, type FilterChip, type SearchRequest } from '@yuqing/core';
import { invalidInput } from '../refusals.js';
import type { EngineScope, PostsEngine } from '../engine/types.js';
import type { AnswerCache, CacheTally } from './answer-cache.js';
import { runSearch } from './run-search.js';

/** Says how a call was answered: `hit` or `miss` for a search, `hits/requests` for a page. */
export const CACHE_HEADER = 'x-answer-cache';

/** Runs parsed search requests of one project through the answer cache. */
export interface SearchRunner {
  engine: PostsEngine;
  answers: AnswerCache;
}

/**
 * Runs a parsed request within the project (and a subject's scope chips), answering from the
 * cache when the same request was answered since the last write.
 */
export function runCached(
  { engine, answers }: SearchRunner,
  scope: EngineScope,
  request: SearchRequest,
  scopeChips: readonly FilterChip[],
  tally?: CacheTally,
): ReturnType<typeof runSearch> {
  const scoped = { ...request, filters: [...(request.filters ?? []), ...scopeChips] };
  // Shaped by the aggregation's answer schema: what POST /search and page_data send alike.
  return answers.get(
    scope,
    scoped,
    async () => searchAnswerOf(scoped.aggs, await runSearch(engine, scope, scoped)),
    tally,
  );
}

/**
 * A search for the widget catalog: a body as the browser would send it, checked by the same
 * schema as POST /search (its bounds hold), then run as POST /search runs it.
 */
export function bodySearch(
  runner: SearchRunner,
  scope: EngineScope,
  scopeChips: readonly FilterChip[],
  signal: AbortSignal,
  tally: CacheTally,
) {
  return (body: unknown): Promise<unknown> => {
    if (signal.aborted) return Promise.reject(new Error('请求已取消'));
    const parsed = searchRequest.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return Promise.reject(invalidInput(`${issue.path.join('.') || 'body'}: ${issue.message}`));
    }
    return runCached(runner, scope, parsed.data, scopeChips, tally);
  };
}
