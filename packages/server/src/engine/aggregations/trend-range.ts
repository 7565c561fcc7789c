import type { PostQuery } from '@yuqing/core';

/**
 * The range a trend covers: the query's, a missing bound taken from the matches' extent (`max + 1`
 * for the end); undefined when a bound is missing and nothing matches.
 */
export async function trendRange(
  query: PostQuery,
  extent: () => Promise<{ min: number; max: number } | undefined>,
): Promise<{ start: number; end: number } | undefined> {
  if (query.start !== undefined && query.end !== undefined) {
    return { start: query.start, end: query.end };
  }
  const found = await extent();
  return found && { start: query.start ?? found.min, end: query.end ?? found.max + 1 };
}
