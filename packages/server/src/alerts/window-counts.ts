import type { RuleQuery } from '@yuqing/core';
import type { EngineScope, PostsEngine } from '../engine/types.js';
import { windowQuery, type TimeRange } from './window-query.js';

const HOUR = 3_600_000;

/**
 * Post counts of several windows of one query. Windows made of whole local hours are summed from
 * one hourly trend over their span (a spike's 14 baseline windows, or a month of windows of a
 * test, in one call); any other window is counted on its own.
 */
export async function windowCounts(
  engine: PostsEngine,
  scope: EngineScope,
  query: RuleQuery,
  windows: readonly TimeRange[],
): Promise<number[]> {
  if (windows.length === 0) return [];
  if (windows.length > 1 && windows.every((w) => (w.end - w.start) % HOUR === 0)) {
    const span = {
      start: Math.min(...windows.map((w) => w.start)),
      end: Math.max(...windows.map((w) => w.end)),
    };
    const points = await engine.trend(scope, windowQuery(query, span), {
      interval: 'hour',
      valueType: 'volume',
    });
    const byHour = new Map(points.map((point) => [point.time, point.value]));
    const summed = windows.map((w) => {
      let total = 0;
      for (let hour = w.start; hour < w.end; hour += HOUR) {
        const value = byHour.get(hour);
        if (value === undefined) return undefined;
        total += value;
      }
      return total;
    });
    if (summed.every((total) => total !== undefined)) return summed as number[];
  }
  const counts: number[] = [];
  for (const w of windows) counts.push(await engine.count(scope, windowQuery(query, w)));
  return counts;
}

/**
 * Post counts of windows (oldest first) by hour of day, from one hourly trend over their span: a
 * window's whole local hours exactly, a partial hour pro rata, rounded. A spike's baseline of
 * windows ending at :05 costs one engine call instead of one per day; windows of whole hours
 * get exactly `windowCounts`'s counts.
 */
export async function hourlyCounts(
  engine: PostsEngine,
  scope: EngineScope,
  query: RuleQuery,
  windows: readonly TimeRange[],
): Promise<number[]> {
  if (windows.length === 0) return [];
  // An hour more on each side, so that the hours a window begins and ends in are whole.
  const span = {
    start: windows[0]!.start - HOUR,
    end: Math.max(...windows.map((w) => w.end)) + HOUR,
  };
  const points = await engine.trend(scope, windowQuery(query, span), {
    interval: 'hour',
    valueType: 'volume',
  });
  return windows.map((w) => {
    let total = 0;
    for (const { time, value } of points) {
      const overlap = Math.min(w.end, time + HOUR) - Math.max(w.start, time);
      if (overlap > 0) total += (value * overlap) / HOUR;
    }
    return Math.round(total);
  });
}
