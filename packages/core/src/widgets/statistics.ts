import type { StatisticMetric } from '../dashboard/chart.js';
import { changeRatio, formatNumber, formatPercent } from '../format.js';
import type { StatisticsAnswer, Totals } from '../posts/answers.js';
import { VALUE_TYPE_LABELS } from '../posts/fields.js';

/** What a statistics widget shows when `options.metrics` is not set. */
export const DEFAULT_METRICS: readonly StatisticMetric[] = [
  'volume',
  'engagement_num',
  '正面',
  '负面',
];

export const METRIC_LABELS: Record<StatisticMetric, string> = {
  volume: VALUE_TYPE_LABELS.volume,
  engagement_num: VALUE_TYPE_LABELS.engagement_num,
  repost_num: VALUE_TYPE_LABELS.repost_num,
  comment_num: VALUE_TYPE_LABELS.comment_num,
  like_num: VALUE_TYPE_LABELS.like_num,
  read_num: VALUE_TYPE_LABELS.read_num,
  正面: '正面声量',
  中性: '中性声量',
  负面: '负面声量',
  positive_rate: '正面占比',
  negative_rate: '负面占比',
};

const TENDENCIES = ['正面', '中性', '负面'] as const;
type Tendency = (typeof TENDENCIES)[number];
const isTendency = (metric: StatisticMetric): metric is Tendency =>
  (TENDENCIES as readonly string[]).includes(metric);

/** A rate is a share of the volume; everything else is a count or a sum. */
export const isRate = (metric: StatisticMetric) =>
  metric === 'positive_rate' || metric === 'negative_rate';

/** The tendency a click on the metric filters by, if any. */
export function drillTendency(metric: StatisticMetric): Tendency | undefined {
  if (isTendency(metric)) return metric;
  if (metric === 'positive_rate') return '正面';
  if (metric === 'negative_rate') return '负面';
  return undefined;
}

/** A metric of one period; a rate over no posts is undefined. */
export function metricValue(totals: Totals, metric: StatisticMetric): number | undefined {
  if (isTendency(metric)) return totals.tendency[metric] ?? 0;
  if (isRate(metric)) {
    if (totals.volume === 0) return undefined;
    const count = totals.tendency[metric === 'positive_rate' ? '正面' : '负面'] ?? 0;
    return count / totals.volume;
  }
  return totals[metric];
}

export interface MetricRow {
  metric: StatisticMetric;
  label: string;
  current: number | undefined;
  previous: number | undefined;
  /** Period-over-period change as a share; undefined without a base. */
  change: number | undefined;
  rate: boolean;
  drill: Tendency | undefined;
}

export function metricRows(
  answer: StatisticsAnswer,
  metrics: readonly StatisticMetric[] | undefined,
): MetricRow[] {
  const chosen = metrics?.length ? metrics : DEFAULT_METRICS;
  return chosen.map((metric) => {
    const current = metricValue(answer.current, metric);
    const previous = metricValue(answer.previous, metric);
    return {
      metric,
      label: METRIC_LABELS[metric],
      current,
      previous,
      change:
        current === undefined || previous === undefined
          ? undefined
          : changeRatio(current, previous),
      rate: isRate(metric),
      drill: drillTendency(metric),
    };
  });
}

const totalsEmpty = (totals: Totals) =>
  totals.volume === 0 &&
  totals.engagement_num === 0 &&
  Object.values(totals.tendency).every((count) => count === 0);

/** Nothing to show: no posts and no engagement in either period. */
export function isStatisticsEmpty(answer: StatisticsAnswer): boolean {
  return totalsEmpty(answer.current) && totalsEmpty(answer.previous);
}

/** Metrics whose rise is bad news: more negative posts, a larger negative share. */
const UP_IS_BAD: ReadonlySet<StatisticMetric> = new Set(['负面', 'negative_rate']);

/**
 * Whether a metric's change is good or bad news (green or red, on the web and in the deck alike):
 * a rise is good but for the negative metrics, where a fall is; no change or no base is neither.
 */
export function changeTone(
  metric: StatisticMetric,
  change: number | undefined,
): 'good' | 'bad' | 'neutral' {
  const direction = changeDirection(change);
  if (direction !== 'up' && direction !== 'down') return 'neutral';
  return (direction === 'up') !== UP_IS_BAD.has(metric) ? 'good' : 'bad';
}

/** Direction of a change for the ↑/↓ mark. */
export function changeDirection(change: number | undefined): 'up' | 'down' | 'flat' | 'none' {
  if (change === undefined || !Number.isFinite(change)) return 'none';
  return change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
}

/** A metric's value: a rate as a percent, a count with separators; '—' when undefined. */
export function formatMetric(value: number | undefined, rate: boolean): string {
  if (value === undefined) return '—';
  return rate ? formatPercent(value) : formatNumber(value);
}
