import { describe, expect, it } from 'vitest';
import { widgetColors } from '@yuqing/core';
import { allZero, displayName, tooltipValue, withAlpha } from './common';
import { pieOption } from './pie.option';
import { stackIsEmpty } from './stack';
import { wordsOption } from './words.option';

describe('helpers', () => {
  it('labels paths by their last segment', () => {
    expect(displayName('/品牌/甲')).toBe('甲');
    expect(displayName('Weibo')).toBe('微博');
    expect(displayName('广东')).toBe('广东');
  });

  it('detects empty lists', () => {
    expect(allZero([])).toBe(true);
    expect(allZero([{ value: 0 }])).toBe(true);
    expect(allZero([{ value: 0 }, { value: 2 }])).toBe(false);
    expect(stackIsEmpty({ kind: 'pivot', list: [] })).toBe(true);
    expect(stackIsEmpty({ kind: 'trend', trend: { interval: 'day', list: [] } })).toBe(true);
  });

  it('formats tooltips as plain numbers, with the share for the percent format', () => {
    expect(tooltipValue(undefined, 10)(12345)).toBe('12,345');
    expect(tooltipValue('percent', 4)(1)).toBe('1 (25.00%)');
  });

  it('adds alpha to hex colours', () => {
    expect(withAlpha('#3256B4', 0.5)).toBe('rgba(50, 86, 180, 0.5)');
    expect(withAlpha('#fff', 1)).toBe('rgba(255, 255, 255, 1)');
    expect(withAlpha('red', 1)).toBe('red');
  });
});

describe('pie and words', () => {
  const colors = widgetColors({
    colors: [],
    colorMap: [{ name: '中性', value: '#999999' }],
  } as never);

  it('colours slices by the colour map first and keeps the answer value', () => {
    const option = pieOption(
      [
        { name: '负面', value: 1 },
        { name: '中性', value: 3 },
        { name: 'x', value: 0 },
      ],
      { colors, format: undefined, showLegend: false, seriesName: '声量' },
    );
    expect(option.series[0]!.data.map((item) => item.itemStyle.color)).toEqual([
      '#E8545A',
      '#999999',
      colors.palette[2],
    ]);
    expect(option.tooltip.formatter({ name: '中性', value: 3, marker: '' })).toBe(
      '<b>中性</b><br/>3 (75.00%)',
    );
  });

  it('sizes words by value and colours them from the palette', () => {
    const option = wordsOption(
      [
        { name: '新品', value: 9 },
        { name: '发布', value: 3 },
      ],
      ['#111111', '#222222'],
    );
    const series = option.series[0]!;
    expect(series.type).toBe('wordCloud');
    expect(series.data.map((item) => item.textStyle.color)).toEqual(['#111111', '#222222']);
    expect(series.textStyle.fontFamily).toContain('PingFang SC');
  });
});
