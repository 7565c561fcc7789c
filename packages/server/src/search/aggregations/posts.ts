import type { EngineScope, PostsEngine } from '../../engine/types.js';
import type { AggregationRequest } from '@yuqing/core';

/** Hot posts: at most this many, whatever the total (spec 9). */
export const HOT_POSTS_CAP = 200;

export const articlesPage = (
  engine: PostsEngine,
  scope: EngineScope,
  request: AggregationRequest<'common_articles_page'>,
) =>
  engine.search(scope, request, {
    size: request.size ?? 20,
    page: request.page,
    sort: request.sort,
  });

/** The hottest posts, newest first or by engagement; rows past the cap are never listed. */
export async function hotPosts(
  engine: PostsEngine,
  scope: EngineScope,
  request: AggregationRequest<'common_hot_posts'>,
) {
  const { page } = request;
  const size = request.size ?? 20;
  const sort = request.sort === 'engagement_num desc' ? request.sort : 'created desc';
  // Rows past the cap are never listed, even on a page that straddles it.
  const fits = Math.min(size, HOT_POSTS_CAP - page * size);
  if (fits <= 0) {
    return { list: [], total: Math.min(await engine.count(scope, request), HOT_POSTS_CAP) };
  }
  const result = await engine.search(scope, request, { size, page, sort });
  return { list: result.list.slice(0, fits), total: Math.min(result.total, HOT_POSTS_CAP) };
}
