import { describe, expect, it } from 'vitest';
import type { TrendAnswer } from '../posts/answers.js';
import { displayValue } from './display-value.js';
import { bucketLabel, trendModel } from './trend-model.js';

const TZ = 'Asia/Shanghai';
// 2024-03-01 00:00 in Shanghai.
const MAR_1 = Date.UTC(2024, 1, 29, 16);
const DAY = 86_400_000;
const label = (value: string) => displayValue(new Map(), value);

describe('bucketLabel', () => {
  it('labels buckets in the project zone, not UTC', () => {
    expect(bucketLabel(MAR_1, 'day', TZ, false)).toBe('03-01');
    expect(bucketLabel(MAR_1, 'day', TZ, true)).toBe('2024-03-01');
    expect(bucketLabel(MAR_1 + 9 * 3_600_000, 'hour', TZ, false)).toBe('03-01 09:00');
    expect(bucketLabel(MAR_1, 'month', TZ, false)).toBe('2024-03');
    expect(bucketLabel(MAR_1, 'year', TZ, false)).toBe('2024');
    expect(bucketLabel(MAR_1, 'day', 'UTC', false)).toBe('02-29');
  });
});

describe('trendModel', () => {
  it('makes one series named after the value type without series', () => {
    const answer: TrendAnswer = {
      interval: 'day',
      list: [
        { time: MAR_1 + DAY, value: 2 },
        { time: MAR_1, value: 5 },
      ],
    };
    const model = trendModel(answer, TZ, '声量', label);
    expect(model.labels).toEqual(['03-01', '03-02']);
    expect(model.series).toEqual([{ key: '声量', name: '声量', values: [5, 2] }]);
  });

  it('groups series by name in rank order, missing points as 0, paths shown by last segment', () => {
    const answer: TrendAnswer = {
      interval: 'day',
      list: [
        { time: MAR_1, name: '/品牌/甲', value: 3 },
        { time: MAR_1, name: '乙', value: 1 },
        { time: MAR_1 + DAY, name: '/品牌/甲', value: 4 },
      ],
    };
    const model = trendModel(answer, TZ, '声量', label);
    expect(model.series).toEqual([
      { key: '/品牌/甲', name: '甲', values: [3, 4] },
      { key: '乙', name: '乙', values: [1, 0] },
    ]);
  });

  it('shows the year when buckets span years, and falls back to days for an odd interval', () => {
    const dec31 = Date.UTC(2023, 11, 30, 16);
    const model = trendModel(
      {
        interval: 'auto',
        list: [
          { time: dec31, value: 1 },
          { time: dec31 + DAY, value: 1 },
        ],
      },
      TZ,
      'v',
      label,
    );
    expect(model.interval).toBe('day');
    expect(model.labels).toEqual(['2023-12-31', '2024-01-01']);
  });
});
