import type { TrendAnswer } from '../posts/answers.js';
import { localParts, type BucketInterval } from '../posts/zoned-time.js';

const BUCKETS: readonly string[] = ['hour', 'day', 'week', 'month', 'year'];

/** A trend answer as the chart draws it: bucket starts, their labels, one value list per series. */
export interface TrendModel {
  times: number[];
  labels: string[];
  interval: BucketInterval;
  /** `key` is the series' value as the answer has it (a path for path fields), `name` its label. */
  series: { key: string; name: string; values: number[] }[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A bucket's axis label in the project's zone; the year is shown only when buckets span years. */
export function bucketLabel(
  time: number,
  interval: BucketInterval,
  timeZone: string,
  withYear: boolean,
): string {
  const p = localParts(time, timeZone);
  const date = `${withYear ? `${p.year}-` : ''}${pad(p.month)}-${pad(p.day)}`;
  switch (interval) {
    case 'hour':
      return `${date} ${pad(p.hour)}:00`;
    case 'day':
    case 'week':
      return date;
    case 'month':
      return `${p.year}-${pad(p.month)}`;
    case 'year':
      return String(p.year);
  }
}

/**
 * Groups trend points into series: by `name` when the answer has series (in the order names first
 * appear, which is the server's rank), else one series called `singleName`. Missing points are 0.
 */
export function trendModel(
  answer: TrendAnswer,
  timeZone: string,
  singleName: string,
  /** A series' label from its value (a code's name, a path's last segment). */
  label: (value: string) => string,
): TrendModel {
  const interval = (BUCKETS.includes(answer.interval) ? answer.interval : 'day') as BucketInterval;
  const times = [...new Set(answer.list.map((point) => point.time))].sort((a, b) => a - b);
  const index = new Map(times.map((time, i) => [time, i]));
  const series = new Map<string, number[]>();
  for (const point of answer.list) {
    const name = point.name ?? singleName;
    let values = series.get(name);
    if (!values) {
      values = times.map(() => 0);
      series.set(name, values);
    }
    const at = index.get(point.time)!;
    values[at] = values[at]! + point.value;
  }
  const years = new Set(times.map((time) => localParts(time, timeZone).year));
  const withYear = years.size > 1;
  return {
    times,
    labels: times.map((time) => bucketLabel(time, interval, timeZone, withYear)),
    interval,
    series: [...series].map(([key, values]) => ({ key, name: label(key), values })),
  };
}
