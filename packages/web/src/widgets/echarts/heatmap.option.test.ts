import { describe, expect, it } from 'vitest';
import {
  heatCells,
  heatmapOption,
  polarHeatmapOption,
  POLAR_MAX_SYMBOL,
  POLAR_RINGS,
} from './heatmap.option';
import { drawnTexts } from './render.testing';

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

describe('the polar heat map drawn', () => {
  const week = Array.from({ length: 7 * 24 }, (_, index) => ({
    weekday: Math.floor(index / 24),
    hour: index % 24,
    value: (index % 13) + 1,
  }));

  it('names its rings once in a corner, not on the crowded 0时 column', () => {
    const texts = drawnTexts(polarHeatmapOption(week, '#2E57E4'), 540, 300);
    expect(texts.filter((drawn) => /^周.$/.test(drawn.text))).toEqual([]);
    const rings = texts.find((drawn) => drawn.text === POLAR_RINGS)!;
    expect(rings.x).toBeLessThan(20);
    expect(rings.y).toBeLessThan(20);
  });
});

describe('cartesian grids', () => {
  it('keep axis labels inside without the legacy containLabel', () => {
    const grid = heatmapOption([], '#2E57E4').grid;
    expect(grid).not.toHaveProperty('containLabel');
    expect(grid).toMatchObject({ outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' });
    const texts = drawnTexts(heatmapOption(week(), '#2E57E4'), 300, 200);
    const weekdays = texts.filter((drawn) => /^周.$/.test(drawn.text));
    expect(weekdays).toHaveLength(7);
    // Right-aligned labels end at x; a label kept inside ends past its own width (two 12px glyphs).
    for (const label of weekdays) expect(label.x).toBeGreaterThanOrEqual(24);
  });
});

function week() {
  return Array.from({ length: 7 * 24 }, (_, index) => ({
    weekday: Math.floor(index / 24),
    hour: index % 24,
    value: index % 5,
  }));
}
