import { autoInterval, topLevelFor, type AggregationRequest } from '@yuqing/core';
import type { EngineScope, PostsEngine } from '../../engine/types.js';
import { invalidInput } from '../../refusals.js';

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

/** Buckets over the query's range; refused before it runs when the buckets are too many. */
export async function trend(
  engine: PostsEngine,
  scope: EngineScope,
  request: AggregationRequest<'common_trend'>,
) {
  // A missing bound is the matches' own (as the engine draws it), so the buckets are counted
  // whatever bounds are given; handing the engine both bounds spares it a second look.
  const range = await trendRange(engine, scope, request);
  const interval =
    request.interval !== 'auto'
      ? request.interval
      : range
        ? autoInterval(range.start, range.end)
        : 'day';
  if (!range) return { list: [], interval };
  const buckets = (range.end - range.start) / INTERVAL_MS[interval];
  if (buckets > MAX_BUCKETS) {
    throw invalidInput(
      `interval: 时间范围内的 ${interval} 桶超过 ${MAX_BUCKETS} 个，请选择更大的时间粒度`,
    );
  }
  const series = request.series;
  const seriesSize = series && (request.size ?? DEFAULT_SERIES);
  if (seriesSize && buckets * seriesSize > MAX_TREND_POINTS) {
    throw invalidInput(
      `size: 时间桶数 × 系列数超过 ${MAX_TREND_POINTS}，请减少系列数或选择更大的时间粒度`,
    );
  }
  const list = await engine.trend(
    scope,
    { ...request, ...range },
    {
      interval,
      valueType: request.value_type,
      series,
      seriesSize,
      // As for top5: a path series counts at the selected path's own level unless one is given.
      seriesLevel: series && (request.level ?? topLevelFor(request[series])),
    },
  );
  return { list, interval };
}

/** The range a trend covers: the query's bounds, a missing one taken from the matches. */
async function trendRange(
  engine: PostsEngine,
  scope: EngineScope,
  query: AggregationRequest<'common_trend'>,
) {
  if (query.start !== undefined && query.end !== undefined) {
    return { start: query.start, end: query.end };
  }
  const extent = await engine.timeExtent(scope, query);
  return extent && { start: query.start ?? extent.min, end: query.end ?? extent.max + 1 };
}
