import { describe, expect, it } from 'vitest';
import { peakIndexes, turnsOf, TURN_MIN_POSTS } from './timeline-events.js';

const points = (values: number[]) => values.map((value, time) => ({ time, value }));

describe('peakIndexes', () => {
  it('keeps local maxima a standard deviation above the mean, highest first, in time order', () => {
    expect(peakIndexes(points([1, 9, 1, 1, 12, 2, 1, 9, 1]), 2)).toEqual([1, 4]);
    expect(peakIndexes(points([1, 9, 1, 1, 12, 2, 1, 9, 1]), 3)).toEqual([1, 4, 7]);
  });

  it('takes the first of a plateau, and the highest bucket when none stands out', () => {
    expect(peakIndexes(points([1, 10, 10, 1, 1, 1]), 3)).toEqual([1]);
    expect(peakIndexes(points([5, 5, 5]), 3)).toEqual([0]);
    expect(peakIndexes(points([0, 0]), 3)).toEqual([]);
    expect(peakIndexes([], 3)).toEqual([]);
  });
});

describe('turnsOf', () => {
  const totals = points([10, 10, 10, 2, 10, 10]);
  it('finds moves of the negative share against the last bucket with enough posts', () => {
    // Shares: 10%, 50%, 40%, (2 posts: skipped), 80%, 10%.
    const negative = points([1, 5, 4, 2, 8, 1]);
    expect(turnsOf(totals, negative, 5)).toEqual([
      { index: 1, share: 0.5, previous: 0.1 },
      { index: 4, share: 0.8, previous: 0.4 },
      { index: 5, share: 0.1, previous: 0.8 },
    ]);
    expect(turnsOf(totals, negative, 2).map((turn) => turn.index)).toEqual([1, 5]);
    expect(TURN_MIN_POSTS).toBeGreaterThan(2);
  });

  it('reads a bucket without negative posts as a share of 0', () => {
    expect(turnsOf(points([10, 10]), [{ time: 0, value: 5 }], 3)).toEqual([
      { index: 1, share: 0, previous: 0.5 },
    ]);
  });
});
