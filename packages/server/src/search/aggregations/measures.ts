import type { AggregationRequest } from '@yuqing/core';
import type { EngineScope, PostsEngine } from '../../engine/types.js';

/** Word clouds read the words of at most this many of the newest matching posts. */
export const WORDS_RECENT = 20_000;

export const statistics = (
  engine: PostsEngine,
  scope: EngineScope,
  request: AggregationRequest<'common_statistics'>,
) => engine.statistics(scope, request, { valueType: request.value_type });

export async function words(
  engine: PostsEngine,
  scope: EngineScope,
  request: AggregationRequest<'common_words'>,
) {
  return {
    list: await engine.words(scope, request, { size: request.size ?? 100, recent: WORDS_RECENT }),
    posts: Math.min(await engine.count(scope, request), WORDS_RECENT),
  };
}

export async function heatmap(
  engine: PostsEngine,
  scope: EngineScope,
  request: AggregationRequest<'common_heatmap'>,
) {
  return { list: await engine.heatmap(scope, request, { valueType: request.value_type }) };
}

export const retweetGraph = (
  engine: PostsEngine,
  scope: EngineScope,
  request: AggregationRequest<'common_retweet_graph'>,
) => engine.retweetGraph(scope, request, { size: request.size ?? 20 });
