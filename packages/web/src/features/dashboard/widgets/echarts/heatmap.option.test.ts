import { describe, expect, it } from 'vitest';
import { heatCells, heatmapOption, polarHeatmapOption, POLAR_MAX_SYMBOL } from './heatmap.option';

describe('heatCells', () => {
  it('fills all 7 × 24 cells as [hour, weekday, value], Monday first', () => {
    const cells = heatCells([
      { weekday: 0, hour: 9, value: 4 },
      { weekday: 6, hour: 23, value: 2 },
    ]);
    expect(cells).toHaveLength(168);
    expect(cells[9]).toEqual([9, 0, 4]);
    expect(cells[167]).toEqual([23, 6, 2]);
    expect(cells.filter((cell) => cell[2] > 0)).toHaveLength(2);
  });
});

describe('heat map options', () => {
  const list = [
    { weekday: 1, hour: 3, value: 8 },
    { weekday: 2, hour: 4, value: 2 },
  ];

  it('scales the visual map to the largest cell, 周一 at the top', () => {
    const option = heatmapOption(list, '#2E57E4');
    expect(option.visualMap.max).toBe(8);
    expect(option.yAxis.data[0]).toBe('周一');
    expect(option.yAxis.inverse).toBe(true);
  });

  it('puts weekdays on the radius and hours on the angle, bubbles by value', () => {
    const option = polarHeatmapOption(list, '#2E57E4');
    const data = option.series[0]!.data;
    const top = data.find((item) => item.value[2] === 8)!;
    expect(top.value).toEqual([1, 3, 8]);
    expect(top.symbolSize).toBe(POLAR_MAX_SYMBOL);
    expect(data.find((item) => item.value[2] === 0)!.symbolSize).toBe(0);
    const tooltip = option.tooltip.formatter({ value: [1, 3, 8] });
    expect(tooltip).toBe('<b>周二 3:00-4:00</b><br/>8');
  });
});
