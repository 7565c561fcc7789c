import type { StatisticsAnswer, Totals } from '../posts/answers.js';
import { describe, expect, it } from 'vitest';
import {
  changeTone,
  drillTendency,
  isStatisticsEmpty,
  metricRows,
  metricValue,
} from './statistics.js';

const totals = (overrides: Partial<Totals> = {}): Totals => ({
  volume: 0,
  engagement_num: 0,
  repost_num: 0,
  comment_num: 0,
  like_num: 0,
  read_num: 0,
  zpz_num: 0,
  tendency: { 正面: 0, 中性: 0, 负面: 0 },
  ...overrides,
});

const answer: StatisticsAnswer = {
  current: totals({
    volume: 200,
    engagement_num: 1500,
    tendency: { 正面: 50, 中性: 120, 负面: 30 },
  }),
  previous: totals({ volume: 100, engagement_num: 0, tendency: { 正面: 60, 中性: 30, 负面: 10 } }),
  value_type: 'volume',
};

describe('metricValue', () => {
  it('reads sums, tendency counts and rates of the volume', () => {
    expect(metricValue(answer.current, 'engagement_num')).toBe(1500);
    expect(metricValue(answer.current, '中性')).toBe(120);
    expect(metricValue(answer.current, 'positive_rate')).toBe(0.25);
    expect(metricValue(answer.current, 'negative_rate')).toBe(0.15);
  });

  it('has no rate over no posts, and counts a missing tendency as 0', () => {
    expect(metricValue(totals(), 'positive_rate')).toBeUndefined();
    expect(metricValue(totals({ tendency: {} }), '负面')).toBe(0);
  });
});

describe('metricRows', () => {
  it('shows volume, engagement, positive and negative by default', () => {
    expect(metricRows(answer, undefined).map((row) => row.metric)).toEqual([
      'volume',
      'engagement_num',
      '正面',
      '负面',
    ]);
    expect(metricRows(answer, []).length).toBe(4);
  });

  it('computes the change against the previous period, none without a base', () => {
    const [volume, engagement, positive, rate] = metricRows(answer, [
      'volume',
      'engagement_num',
      '正面',
      'positive_rate',
    ]);
    expect(volume).toMatchObject({ label: '声量', current: 200, previous: 100, change: 1 });
    expect(engagement!.change).toBeUndefined();
    expect(positive).toMatchObject({ change: -10 / 60, drill: '正面' });
    expect(rate).toMatchObject({ current: 0.25, previous: 0.6, rate: true, drill: '正面' });
    expect(rate!.change).toBeCloseTo(0.25 / 0.6 - 1);
  });

  it('drills only on tendency metrics and their rates', () => {
    expect(drillTendency('负面')).toBe('负面');
    expect(drillTendency('negative_rate')).toBe('负面');
    expect(drillTendency('volume')).toBeUndefined();
  });
});

describe('isStatisticsEmpty', () => {
  it('is empty only when both periods are all zero', () => {
    const zero = { current: totals(), previous: totals(), value_type: 'volume' };
    expect(isStatisticsEmpty(zero)).toBe(true);
    expect(isStatisticsEmpty({ ...zero, previous: totals({ volume: 3 }) })).toBe(false);
    expect(isStatisticsEmpty(answer)).toBe(false);
  });
});

describe('changeTone', () => {
  it('calls a rise good news and a fall bad, but the other way round for the negative metrics', () => {
    expect(changeTone('volume', 0.2)).toBe('good');
    expect(changeTone('volume', -0.2)).toBe('bad');
    expect(changeTone('正面', 0.1)).toBe('good');
    expect(changeTone('positive_rate', -0.1)).toBe('bad');
    expect(changeTone('负面', -0.4891)).toBe('good');
    expect(changeTone('negative_rate', -0.3068)).toBe('good');
    expect(changeTone('负面', 0.5)).toBe('bad');
    expect(changeTone('negative_rate', 0.5)).toBe('bad');
  });

  it('calls no change, or no base to change from, neither', () => {
    expect(changeTone('volume', 0)).toBe('neutral');
    expect(changeTone('负面', undefined)).toBe('neutral');
    expect(changeTone('negative_rate', Number.POSITIVE_INFINITY)).toBe('neutral');
  });
});
