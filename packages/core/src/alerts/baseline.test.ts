import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  median,
  medianAbsoluteDeviation,
  robustScore,
  seasonalWindows,
} from './baseline.js';

describe('robust baseline', () => {
  it('takes the median and MAD, unmoved by one earlier incident', () => {
    const history = [10, 12, 11, 9, 10, 300, 11];
    expect(median(history)).toBe(11);
    expect(medianAbsoluteDeviation(history)).toBe(1);
    expect(median([1, 2, 3, 4])).toBe(2.5);
    expect(median([])).toBe(0);
  });

  it('scores in robust standard deviations, with a Poisson floor when the MAD is 0', () => {
    const spread = robustScore(40, [10, 12, 11, 9, 10, 300, 11]);
    expect(spread.median).toBe(11);
    expect(spread.score).toBeCloseTo((40 - 11) / Math.sqrt(11));
    expect(robustScore(3, [0, 0, 0, 0]).score).toBe(3);
    expect(robustScore(20, [4, 4, 4]).score).toBe(8);
  });

  it('lists the same window on each earlier day', () => {
    const window = { start: 10 * DAY_MS, end: 10 * DAY_MS + 3_600_000 };
    expect(seasonalWindows(window, 2)).toEqual([
      { start: 9 * DAY_MS, end: 9 * DAY_MS + 3_600_000 },
      { start: 8 * DAY_MS, end: 8 * DAY_MS + 3_600_000 },
    ]);
  });
});
