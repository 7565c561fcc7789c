import { describe, expect, it } from 'vitest';
import { widgetColors, BAR_COLOR } from '@yuqing/core';
import { barOption, compareModel, pivotModel, termsModel } from './bar.option';

describe('termsModel', () => {
  it('keeps the answer values for drill-down and labels paths by their last segment', () => {
    const model = termsModel(
      [
        { name: '/话题/新品', value: 5 },
        { name: 'Weibo', value: 2 },
      ],
      '声量',
    );
    expect(model.keys).toEqual(['/话题/新品', 'Weibo']);
    expect(model.labels).toEqual(['新品', '微博']);
    expect(model.series).toEqual([{ key: '声量', name: '声量', values: [5, 2] }]);
  });
});

describe('compareModel', () => {
  it('aligns both periods on the current categories, then the comparison-only ones', () => {
    const model = compareModel(
      [
        { name: 'Weibo', value: 10 },
        { name: 'WeChat', value: 4 },
      ],
      [
        { name: 'WeChat', value: 6 },
        { name: 'Douyin', value: 3 },
      ],
    );
    expect(model.keys).toEqual(['Weibo', 'WeChat', 'Douyin']);
    expect(model.series).toEqual([
      { key: '本期', name: '本期', values: [10, 4, 0] },
      { key: '对比期', name: '对比期', values: [0, 6, 3] },
    ]);
  });
});

describe('pivotModel', () => {
  it('makes a bar per row and a stacked series per column, largest first', () => {
    const model = pivotModel([
      { row: 'A', col: '正面', value: 1 },
      { row: 'B', col: '正面', value: 4 },
      { row: 'B', col: '负面', value: 6 },
    ]);
    expect(model.keys).toEqual(['B', 'A']);
    expect(model.series).toEqual([
      { key: '负面', name: '负面', values: [6, 0] },
      { key: '正面', name: '正面', values: [4, 1] },
    ]);
  });
});

describe('barOption', () => {
  const colors = widgetColors(undefined);
  const model = termsModel([{ name: 'Weibo', value: 1500 }], '声量');

  it('draws bars 10 px wide in the bar colour, abbreviated axis, labels cut at 100 px', () => {
    const option = barOption(model, {
      colors,
      format: undefined,
      horizontal: true,
      stacked: false,
      showLegend: false,
      singleColor: BAR_COLOR,
    });
    expect(option.series[0]).toMatchObject({ barWidth: 10, itemStyle: { color: BAR_COLOR } });
    expect(option.yAxis).toMatchObject({
      type: 'category',
      inverse: true,
      axisLabel: { width: 100, overflow: 'truncate' },
    });
    const axis = option.xAxis.axisLabel as { formatter: (value: number) => string };
    expect(axis.formatter(1500)).toBe('1.5k');
    const label = option.series[0]!.label.formatter;
    expect(label({ value: 1500 })).toBe('1,500');
  });

  it('names every bar, turning the names of more than six bars side by side', () => {
    const platforms = termsModel(
      Array.from({ length: 11 }, (_, i) => ({ name: `平台${i}`, value: 100 - i })),
      '声量',
    );
    const input = { colors, format: undefined, stacked: false, showLegend: false };
    const upright = barOption(platforms, { ...input, horizontal: true, singleColor: BAR_COLOR });
    expect(upright.yAxis.axisLabel).toMatchObject({ interval: 0, rotate: 0 });
    const side = barOption(platforms, { ...input, horizontal: false, singleColor: BAR_COLOR });
    expect(side.xAxis.axisLabel).toMatchObject({ interval: 0, rotate: 35 });
    expect(side.xAxis.axisLabel).not.toHaveProperty('hideOverlap', true);
    const few = barOption(
      termsModel(
        platforms.series[0]!.values.slice(0, 5).map((value, i) => ({ name: `平台${i}`, value })),
        '声量',
      ),
      {
        ...input,
        horizontal: false,
        singleColor: BAR_COLOR,
      },
    );
    expect(few.xAxis.axisLabel).toMatchObject({ interval: 0, rotate: 0 });
  });

  it('labels shares with the percent format and colours several series by name', () => {
    const option = barOption(compareModel([{ name: 'a', value: 1 }], [{ name: 'a', value: 3 }]), {
      colors,
      format: 'percent',
      horizontal: false,
      stacked: false,
      showLegend: true,
      singleColor: BAR_COLOR,
    });
    expect(option.series.map((s) => s.itemStyle.color)).toEqual(colors.palette.slice(0, 2));
    expect(option.series[1]!.label.formatter({ value: 3 })).toBe('100.00%');
  });
});
