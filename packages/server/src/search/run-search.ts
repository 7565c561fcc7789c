import { PATH_FIELDS, autoInterval, topLevelFor, type SearchRequest } from '@yuqing/core';
import { badRequest } from '../errors.js';
import type { EngineScope, PostsEngine } from '../engine/types.js';

/** Hot posts: at most this many, whatever the total (spec 9). */
export const HOT_POSTS_CAP = 200;
/** Word clouds read the words of at most this many of the newest matching posts. */
export const WORDS_RECENT = 20_000;
/** A trend with more buckets than this is refused: choose a coarser interval. */
export const MAX_BUCKETS = 5000;
/** Nor may a trend by series answer more points than this (buckets × series). */
export const MAX_TREND_POINTS = 20_000;
/** Series a trend draws when the request names none. */
const DEFAULT_SERIES = 5;

const INTERVAL_MS = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
  month: 2_592_000_000,
  year: 31_536_000_000,
};

/** Runs the aggregation a search request names and shapes its answer (issue #3 catalog). */
export async function runSearch(engine: PostsEngine, scope: EngineScope, request: SearchRequest) {
  const { aggs, sort, page, value_type: valueType } = request;
  const query = request;
  switch (aggs) {
    case 'common_articles_page': {
      const size = request.size ?? 20;
      return engine.search(scope, query, { size, page, sort });
    }
    case 'common_hot_posts': {
      const size = request.size ?? 20;
      const hotSort = sort === 'engagement_num desc' ? sort : 'created desc';
      // Rows past the cap are never listed, even on a page that straddles it.
      const fits = Math.min(size, HOT_POSTS_CAP - page * size);
      if (fits <= 0) {
        return { list: [], total: Math.min(await engine.count(scope, query), HOT_POSTS_CAP) };
      }
      const result = await engine.search(scope, query, { size, page, sort: hotSort });
      return { list: result.list.slice(0, fits), total: Math.min(result.total, HOT_POSTS_CAP) };
    }
    case 'common_top5': {
      const field = requireField(request.field, 'field');
      const level = request.level ?? topLevelFor(query[field]);
      return { list: await engine.terms(scope, query, { field, size: 5, valueType, level }) };
    }
    case 'common_terms': {
      const field = requireField(request.field, 'field');
      const size = request.size ?? 10;
      return {
        list: await engine.terms(scope, query, { field, size, valueType, level: request.level }),
      };
    }
    case 'common_all_topic': {
      const field = request.field ?? 'topic_paths';
      if (!(PATH_FIELDS as readonly string[]).includes(field)) {
        throw badRequest('field: 路径树只能按 *_paths 字段统计');
      }
      return {
        list: await engine.pathTree(scope, query, { field, size: request.topic_paths_size }),
      };
    }
    case 'common_trend': {
      // A missing bound is the matches' own (as the engine draws it), so the buckets are counted
      // whatever bounds are given; handing the engine both bounds spares it a second look.
      const range = await trendRange(engine, scope, query);
      const interval =
        request.interval !== 'auto'
          ? request.interval
          : range
            ? autoInterval(range.start, range.end)
            : 'day';
      if (!range) return { list: [], interval };
      const buckets = (range.end - range.start) / INTERVAL_MS[interval];
      if (buckets > MAX_BUCKETS) {
        throw badRequest(
          `interval: 时间范围内的 ${interval} 桶超过 ${MAX_BUCKETS} 个，请选择更大的时间粒度`,
        );
      }
      const series = request.series;
      const seriesSize = series && (request.size ?? DEFAULT_SERIES);
      if (seriesSize && buckets * seriesSize > MAX_TREND_POINTS) {
        throw badRequest(
          `size: 时间桶数 × 系列数超过 ${MAX_TREND_POINTS}，请减少系列数或选择更大的时间粒度`,
        );
      }
      const list = await engine.trend(
        scope,
        { ...query, ...range },
        {
          interval,
          valueType,
          series,
          seriesSize,
          // As for top5: a path series counts at the selected path's own level unless one is given.
          seriesLevel: series && (request.level ?? topLevelFor(query[series])),
        },
      );
      return { list, interval };
    }
    case 'common_statistics':
      return engine.statistics(scope, query, { valueType });
    case 'common_words':
      return {
        list: await engine.words(scope, query, { size: request.size ?? 100, recent: WORDS_RECENT }),
        posts: Math.min(await engine.count(scope, query), WORDS_RECENT),
      };
    case 'common_heatmap':
      return { list: await engine.heatmap(scope, query, { valueType }) };
    case 'common_pivot':
      return {
        list: await engine.pivot(scope, query, {
          rows: requireField(request.rows, 'rows'),
          cols: requireField(request.cols, 'cols'),
          valueType,
        }),
      };
    case 'common_authors': {
      const field = request.field ?? 'author';
      if (field !== 'author' && field !== 'media')
        throw badRequest('field: 只能是 author 或 media');
      return { list: await engine.authors(scope, query, { field, size: request.size ?? 10 }) };
    }
    case 'common_retweet_graph':
      return engine.retweetGraph(scope, query, { size: request.size ?? 20 });
  }
}

/** The range a trend covers: the query's bounds, a missing one taken from the matches. */
async function trendRange(engine: PostsEngine, scope: EngineScope, query: SearchRequest) {
  if (query.start !== undefined && query.end !== undefined) {
    return { start: query.start, end: query.end };
  }
  const extent = await engine.timeExtent(scope, query);
  return extent && { start: query.start ?? extent.min, end: query.end ?? extent.max + 1 };
}

function requireField<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw badRequest(`${name}: 该聚合需要指定字段`);
  return value;
}
