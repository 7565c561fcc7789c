/**
 * The robust baseline of a spike: the same window at the same time of day over the past days,
 * summarised by its median and its median absolute deviation (MAD), which one earlier incident
 * does not move as it would move a mean and a standard deviation.
 */

export const DAY_MS = 86_400_000;
/** MAD × 1.4826 estimates the standard deviation of normally distributed counts. */
const MAD_TO_SIGMA = 1.4826;

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function medianAbsoluteDeviation(values: readonly number[]): number {
  const center = median(values);
  return median(values.map((value) => Math.abs(value - center)));
}

/**
 * How far `value` lies above the history, in robust standard deviations. Counts of quiet
 * windows often have a MAD of 0 (every day 0 or 2 posts); the spread is then at least that of
 * Poisson counts around the median (√median, and 1 for a median of 0), so one more post is not
 * an infinite score.
 */
export function robustScore(value: number, history: readonly number[]) {
  const center = median(history);
  const mad = medianAbsoluteDeviation(history);
  return { median: center, mad, score: (value - center) / robustSpread(center, mad) };
}

/** The robust standard deviation a score divides by: 1.4826 × MAD, at least √median (or 1). */
export const robustSpread = (center: number, mad: number) =>
  Math.max(MAD_TO_SIGMA * mad, Math.sqrt(Math.max(center, 1)));

/** The windows `[start, end)` of the same time of day on each of the `days` days before. */
export function seasonalWindows(window: { start: number; end: number }, days: number) {
  return Array.from({ length: days }, (_, i) => ({
    start: window.start - (i + 1) * DAY_MS,
    end: window.end - (i + 1) * DAY_MS,
  }));
}
