import type { TrendPoint } from '@yuqing/core';

/** A turn of sentiment: the negative share moves at least this much between two buckets. */
export const TURN_MIN_CHANGE = 0.15;
/** Buckets with fewer posts than this say too little about sentiment to turn on. */
export const TURN_MIN_POSTS = 5;

export interface Bucket {
  time: number;
  end: number;
}

/**
 * The peaks of a volume trend, at most `size`, in time order: buckets above the one before and
 * not below the one after (a plateau peaks where it starts), at least one standard deviation
 * above the mean; the highest bucket when none stands out so. None when every bucket is empty.
 */
export function peakIndexes(points: readonly TrendPoint[], size: number): number[] {
  const values = points.map((point) => point.value);
  const mean = values.reduce((sum, value) => sum + value, 0) / (values.length || 1);
  const deviation = Math.sqrt(
    values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length || 1),
  );
  const peaks = values
    .map((_, index) => index)
    .filter((index) => {
      const value = values[index]!;
      return (
        value > 0 &&
        value >= mean + deviation &&
        value > (values[index - 1] ?? 0) &&
        value >= (values[index + 1] ?? 0)
      );
    });
  if (peaks.length === 0) {
    const highest = values.indexOf(Math.max(...values));
    return highest >= 0 && values[highest]! > 0 ? [highest] : [];
  }
  return peaks
    .sort((a, b) => values[b]! - values[a]! || a - b)
    .slice(0, size)
    .sort((a, b) => a - b);
}

export interface Turn {
  index: number;
  share: number;
  previous: number;
}

/**
 * The turns of sentiment, at most `size`, in time order: where the negative share of a bucket
 * moves by TURN_MIN_CHANGE or more from the last bucket before it with TURN_MIN_POSTS posts
 * (the largest moves when there are more). `negative` holds the negative posts of the same
 * buckets as `totals`.
 */
export function turnsOf(
  totals: readonly TrendPoint[],
  negative: readonly TrendPoint[],
  size: number,
): Turn[] {
  const negativeAt = new Map(negative.map((point) => [point.time, point.value]));
  const turns: Turn[] = [];
  let previous: number | undefined;
  totals.forEach((point, index) => {
    if (point.value < TURN_MIN_POSTS) return;
    const share = (negativeAt.get(point.time) ?? 0) / point.value;
    if (previous !== undefined && Math.abs(share - previous) >= TURN_MIN_CHANGE) {
      turns.push({ index, share, previous });
    }
    previous = share;
  });
  return turns
    .sort(
      (a, b) =>
        Math.abs(b.share - b.previous) - Math.abs(a.share - a.previous) || a.index - b.index,
    )
    .slice(0, size)
    .sort((a, b) => a.index - b.index);
}
