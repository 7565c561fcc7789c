import type { EngineScope, PostsEngine } from '../../engine/types.js';
import type { AggregationRequest, Post, PostPage } from '@yuqing/core';

/** Hot posts: at most this many, whatever the total (spec 9). */
export const HOT_POSTS_CAP = 200;

/**
 * A page of posts with, beside each near duplicate, the post it repeats (`duplicate_source`: its
 * author, time and link), read in one look-up, so an analyst can check the mark.
 */
export async function withDuplicateSources<T extends { list: Post[] }>(
  engine: PostsEngine,
  scope: EngineScope,
  page: T,
): Promise<T> {
  const ids = new Set<string>();
  for (const post of page.list) {
    if (post.water_post === 'YES' && post.duplicate_of) ids.add(post.duplicate_of);
  }
  if (ids.size === 0) return page;
  const sources = new Map((await engine.postsByIds(scope, [...ids])).map((p) => [p._id, p]));
  const list = page.list.map((post) => {
    const source = post.water_post === 'YES' && sources.get(post.duplicate_of ?? '');
    if (!source) return post;
    const { _id, author, created, uri, media_platform } = source;
    return { ...post, duplicate_source: { _id, author, created, uri, media_platform } };
  });
  return { ...page, list };
}

export const articlesPage = async (
  engine: PostsEngine,
  scope: EngineScope,
  request: AggregationRequest<'common_articles_page'>,
): Promise<PostPage> =>
  withDuplicateSources(
    engine,
    scope,
    await engine.search(scope, request, {
      size: request.size ?? 20,
      page: request.page,
      sort: request.sort,
    }),
  );

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
  return withDuplicateSources(engine, scope, {
    list: result.list.slice(0, fits),
    total: Math.min(result.total, HOT_POSTS_CAP),
  });
}
