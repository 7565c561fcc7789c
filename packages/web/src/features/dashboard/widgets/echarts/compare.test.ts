import { chart, queryState, type ChartRequest } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { comparisonRange, loadCompare } from './compare';

const TZ = 'Asia/Shanghai';
const HOUR = 3_600_000;
/** 2024-03-15 12:00 in Shanghai. */
const NOW = Date.UTC(2024, 2, 15, 4);
const widget = (options: object = {}) =>
  chart.parse({ i: 'c', x: 0, y: 0, w: 12, h: 30, type: 'compare-bar', options });

describe('comparisonRange', () => {
  const current = { start: Date.UTC(2024, 2, 10, 16), end: Date.UTC(2024, 2, 14, 16) };

  it('defaults to the range of equal length just before', () => {
    expect(comparisonRange(current, { chart: widget(), now: NOW, timeZone: TZ })).toEqual({
      start: Date.UTC(2024, 2, 6, 16),
      end: current.start,
    });
  });

  it('resolves a named comparison range at now in the zone', () => {
    const range = comparisonRange(current, {
      chart: widget({ compare: 'last_month' }),
      now: NOW,
      timeZone: TZ,
    });
    // February 2024 in Shanghai.
    expect(range).toEqual({ start: Date.UTC(2024, 0, 31, 16), end: Date.UTC(2024, 1, 29, 16) });
  });
});

describe('loadCompare', () => {
  it('asks for both periods in parallel with the same request otherwise', async () => {
    const bodies: ChartRequest[] = [];
    let pending = 0;
    let most = 0;
    const search = async <T>(body: ChartRequest): Promise<T> => {
      bodies.push(body);
      most = Math.max(most, ++pending);
      await Promise.resolve();
      pending--;
      return { list: [{ name: String(body.start), value: 1 }] } as T;
    };
    const query = queryState.parse({ start: 10 * HOUR, end: 12 * HOUR });
    const answer = await loadCompare(
      { start: 10 * HOUR, end: 12 * HOUR, field: 'tendency', q: '新品' },
      { chart: widget(), query, now: NOW, timeZone: TZ, search },
    );
    expect(most).toBe(2);
    expect(bodies).toEqual([
      { aggs: 'common_terms', field: 'tendency', q: '新品', start: 10 * HOUR, end: 12 * HOUR },
      { aggs: 'common_terms', field: 'tendency', q: '新品', start: 8 * HOUR, end: 10 * HOUR },
    ]);
    expect(answer.current).toEqual([{ name: String(10 * HOUR), value: 1 }]);
    expect(answer.previous).toEqual([{ name: String(8 * HOUR), value: 1 }]);
    expect(answer.ranges.previous).toEqual({ start: 8 * HOUR, end: 10 * HOUR });
  });
});
