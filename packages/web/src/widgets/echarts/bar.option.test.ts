import { describe, expect, it } from 'vitest';
import { widgetColors, BAR_COLOR, termsModel, compareModel } from '@yuqing/core';
import { barOption } from './bar.option';
import { displayName } from '../../format/displayName';

describe('barOption', () => {
  const colors = widgetColors(undefined);
  const model = termsModel([{ name: 'Weibo', value: 1500 }], '声量', displayName);

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
      displayName,
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
        displayName,
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
    const option = barOption(
      compareModel([{ name: 'a', value: 1 }], [{ name: 'a', value: 3 }], displayName),
      {
        colors,
        format: 'percent',
        horizontal: false,
        stacked: false,
        showLegend: true,
        singleColor: BAR_COLOR,
      },
    );
    expect(option.series.map((s) => s.itemStyle.color)).toEqual(colors.palette.slice(0, 2));
    expect(option.series[1]!.label.formatter({ value: 3 })).toBe('100.00%');
  });
});
