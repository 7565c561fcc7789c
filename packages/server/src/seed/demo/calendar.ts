import type { Random } from './random.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** China has kept UTC+8 without daylight saving since 1991, so a fixed offset is exact. */
const CHINA_OFFSET = 8 * HOUR;

/** Relative volume by hour of the day in China: quiet nights, a lunch peak, an evening peak. */
const BY_HOUR = [
  0.45, 0.25, 0.15, 0.1, 0.08, 0.1, 0.2, 0.45, 0.7, 0.85, 0.95, 1.05, 1.3, 1.05, 0.9, 0.9, 0.9,
  0.95, 1, 1.15, 1.4, 1.5, 1.35, 0.9,
];
/** Relative volume by weekday, Monday first: a little lower at the weekend. */
const BY_WEEKDAY = [1, 1, 1.02, 1.03, 1.06, 0.92, 0.88];

export type BurstKind = 'launch' | 'motorShow' | 'rivalLaunch' | 'recall';

interface BurstShape {
  kind: BurstKind;
  /** Where in the window it starts, 0 = oldest, 1 = now. */
  at: number;
  /** Local hour it starts at (a press conference at 14:00, a recall notice at 10:00). */
  localHour: number;
  /** Extra volume at its height, as a multiple of the ordinary rate. */
  peak: number;
  decayHours: number;
}

/**
 * Of the default 180 days, the rival's launch falls within the last 30 and the recall within the
 * last 7, where 测试规则 (30 days back) and the 近7天 view reach them.
 */
const BURSTS: readonly BurstShape[] = [
  { kind: 'launch', at: 0.3, localHour: 14, peak: 6, decayHours: 30 },
  { kind: 'motorShow', at: 0.52, localHour: 9, peak: 2.5, decayHours: 96 },
  { kind: 'rivalLaunch', at: 0.86, localHour: 19, peak: 2.5, decayHours: 20 },
  { kind: 'recall', at: 0.965, localHour: 10, peak: 8, decayHours: 40 },
];
const RISE_HOURS = 1.5;
/** Spread (log scale) of a day's and an hour's volume around the rhythm. */
const DAY_NOISE = 0.12;
const HOUR_NOISE = 0.2;

export interface TimeWindow {
  start: number;
  end: number;
}

export interface Burst {
  kind: BurstKind;
  start: number;
}

export interface Slot {
  created: number;
  /** The burst this post belongs to, if any. */
  burst: BurstKind | undefined;
  /** Position in the window, 0 = oldest, 1 = now. */
  progress: number;
}

/** Days since the epoch in China time. */
export const chinaDay = (time: number) => Math.floor((time + CHINA_OFFSET) / DAY);
export const chinaHour = (time: number) => Math.floor((time + CHINA_OFFSET) / HOUR) % 24;
/** 0 = Monday; 1970-01-01 was a Thursday. */
const chinaWeekday = (time: number) => (chinaDay(time) + 3) % 7;

export function bursts(window: TimeWindow): Burst[] {
  return BURSTS.map(({ kind, at, localHour }) => {
    const day = chinaDay(window.start + at * (window.end - window.start));
    return { kind, start: day * DAY - CHINA_OFFSET + localHour * HOUR };
  });
}

/** Ordinary volume rises gently across the window. */
const growth = (progress: number) => 0.8 + 0.4 * progress;

function burstRates(time: number, starts: readonly Burst[]): number[] {
  return BURSTS.map(({ peak, decayHours }, index) => {
    const hours = (time - (starts[index] as Burst).start) / HOUR;
    if (hours < 0) return 0;
    return peak * (1 - Math.exp(-hours / RISE_HOURS)) * Math.exp(-hours / decayHours);
  });
}

interface Bucket {
  from: number;
  to: number;
  /** Ordinary rate first, then each burst's, at the bucket's middle. */
  rates: number[];
  weight: number;
}

/**
 * The window cut at clock hours, each piece weighted by its expected volume, with some noise per
 * day and per hour so that no two seeds draw the same curve.
 */
function hourBuckets(window: TimeWindow, random: Random): Bucket[] {
  const starts = bursts(window);
  const span = window.end - window.start;
  const buckets: Bucket[] = [];
  let day = -1;
  let dayNoise = 1;
  for (let from = window.start; from < window.end;) {
    const to = Math.min(window.end, Math.floor(from / HOUR) * HOUR + HOUR);
    const middle = (from + to) / 2;
    const rates = [growth((middle - window.start) / span), ...burstRates(middle, starts)];
    const rhythm =
      (BY_HOUR[chinaHour(middle)] as number) * (BY_WEEKDAY[chinaWeekday(middle)] as number);
    const total = rates.reduce((sum, rate) => sum + rate, 0);
    if (chinaDay(from) !== day) {
      day = chinaDay(from);
      dayNoise = random.logNormal(1, DAY_NOISE);
    }
    const noise = dayNoise * random.logNormal(1, HOUR_NOISE);
    buckets.push({ from, to, rates, weight: rhythm * total * noise * (to - from) });
    from = to;
  }
  return buckets;
}

function pickBurst(rates: readonly number[], random: Random): BurstKind | undefined {
  let target = random.next() * rates.reduce((sum, rate) => sum + rate, 0);
  for (let index = 0; index < rates.length; index++) {
    target -= rates[index] as number;
    if (target < 0) return index === 0 ? undefined : BURSTS[index - 1]?.kind;
  }
  return undefined;
}

/**
 * `count` post times across the window, oldest first, following the daily and weekly rhythm, the
 * growth and the bursts. Each hour receives its share of the count (rounded so the shares add up
 * exactly), and its times are drawn uniformly inside it.
 */
export function* timeSlots(window: TimeWindow, count: number, random: Random): Generator<Slot> {
  const buckets = hourBuckets(window, random);
  const totalWeight = buckets.reduce((sum, bucket) => sum + bucket.weight, 0);
  const span = window.end - window.start;
  let cumulative = 0;
  let emitted = 0;
  for (const [index, bucket] of buckets.entries()) {
    cumulative += bucket.weight;
    const target =
      index === buckets.length - 1 ? count : Math.round((count * cumulative) / totalWeight);
    const times: number[] = [];
    for (; emitted < target; emitted++) {
      times.push(bucket.from + Math.floor(random.next() * (bucket.to - bucket.from)));
    }
    times.sort((a, b) => a - b);
    for (const created of times) {
      yield {
        created,
        burst: pickBurst(bucket.rates, random),
        progress: (created - window.start) / span,
      };
    }
  }
}
