import type { TrendAnswer } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { widgetColors } from '@yuqing/core';
import { trendModel } from '@yuqing/core';
import { displayName } from '../../format/displayName';
import { bucketRange, trendIsEmpty, trendOption } from './trend.option';

const TZ = 'Asia/Shanghai';
/** 2024-03-01 00:00 in Shanghai. */
const MAR_1 = Date.UTC(2024, 1, 29, 16);

describe('bucketRange', () => {
  it('narrows to the clicked bucket up to the next bucket start', () => {
    const model = trendModel(
      { interval: 'month', list: [{ time: MAR_1, value: 1 }] },
      TZ,
      'v',
      displayName,
    );
    // 2024-04-01 00:00 Shanghai.
    expect(bucketRange(model, 0, TZ)).toEqual({ start: MAR_1, end: Date.UTC(2024, 2, 31, 16) });
    expect(bucketRange(model, 1, TZ)).toBeUndefined();
  });
});

describe('trendIsEmpty', () => {
  it('is empty without points or with only zeros', () => {
    expect(trendIsEmpty({ interval: 'day', list: [] })).toBe(true);
    expect(trendIsEmpty({ interval: 'day', list: [{ time: MAR_1, value: 0 }] })).toBe(true);
    expect(trendIsEmpty({ interval: 'day', list: [{ time: MAR_1, value: 1 }] })).toBe(false);
  });
});

describe('trendOption', () => {
  const answer: TrendAnswer = {
    interval: 'day',
    list: [
      { time: MAR_1, name: '正面', value: 1 },
      { time: MAR_1, name: '负面', value: 2 },
    ],
  };
  const model = trendModel(answer, TZ, 'v', displayName);
  const colors = widgetColors(undefined);

  it('colours series by name (sentiments) and stacks areas', () => {
    const option = trendOption(model, {
      kind: 'area-stack',
      colors,
      format: undefined,
      showLegend: true,
    });
    expect(option.series.map((s) => [s.name, s.stack, s.itemStyle.color])).toEqual([
      ['正面', 'total', '#41B748'],
      ['负面', 'total', '#E8545A'],
    ]);
    expect(option.legend.show).toBe(true);
  });

  it('gives a lone line a gradient area and stacked bars a bar series', () => {
    const single = trendModel(
      { interval: 'day', list: [{ time: MAR_1, value: 1 }] },
      TZ,
      'v',
      displayName,
    );
    const lines = trendOption(single, { kind: 'lines', colors, format: 'abbr', showLegend: false });
    expect(lines.series[0]).toMatchObject({ type: 'line', smooth: true });
    expect(lines.series[0]!.areaStyle).toHaveProperty('color.type', 'linear');
    const bars = trendOption(model, {
      kind: 'stack-bar',
      colors,
      format: 'abbr',
      showLegend: false,
    });
    expect(bars.series.every((s) => s.type === 'bar' && s.stack === 'total')).toBe(true);
  });
});
