import type { Aggregation, AggregationRequest, SearchRequest } from '@yuqing/core';
import type { EngineScope, PostsEngine } from '../engine/types.js';
import { eventTimeline } from './aggregations/event-timeline.js';
import { allTopic, authors, pivot, terms, top5 } from './aggregations/groups.js';
import { heatmap, retweetGraph, statistics, words } from './aggregations/measures.js';
import { articlesPage, hotPosts } from './aggregations/posts.js';
import { trend } from './aggregations/trend.js';

/** The runner of each aggregation of POST /search (issue #3 catalog), one module per kind. */
const RUNNERS: {
  [A in Aggregation]: (
    engine: PostsEngine,
    scope: EngineScope,
    request: AggregationRequest<A>,
  ) => Promise<unknown>;
} = {
  common_articles_page: articlesPage,
  common_hot_posts: hotPosts,
  common_top5: top5,
  common_terms: terms,
  common_all_topic: allTopic,
  common_trend: trend,
  common_statistics: statistics,
  common_words: words,
  common_heatmap: heatmap,
  common_pivot: pivot,
  common_authors: authors,
  common_retweet_graph: retweetGraph,
  common_event_timeline: eventTimeline,
};

/** Runs the aggregation a search request names and shapes its answer. */
export function runSearch(
  engine: PostsEngine,
  scope: EngineScope,
  request: SearchRequest,
): Promise<Record<string, unknown>> {
  const run = RUNNERS[request.aggs] as (
    engine: PostsEngine,
    scope: EngineScope,
    request: SearchRequest,
  ) => Promise<Record<string, unknown>>;
  return run(engine, scope, request);
}
