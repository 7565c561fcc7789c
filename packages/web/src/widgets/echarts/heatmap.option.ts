import { formatNumber, type HeatCell } from '@yuqing/core';
import { AXIS_COLOR, LABEL_COLOR, LABELS_INSIDE } from './common';
import { WEEKDAYS } from '../../format/weekdays';
import { zh } from '../../i18n/translateText';
import { currentT, type Translate } from '../../i18n/useT';
import { tooltipHtml } from './tooltip';

export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The axis names of the hours (0时 … 23时) and of the weekdays, in the locale of `t`. */
const hourNames = (t: Translate) => HOURS.map((hour) => t('{hour}时', { hour }));
const weekdayNames = (t: Translate) => WEEKDAYS.map((day) => t(day));

/** Cells as `[hour, weekday, value]`, every one of the 7 × 24 present (missing ones 0). */
export function heatCells(list: readonly HeatCell[]): [number, number, number][] {
  const grid = WEEKDAYS.map(() => HOURS.map(() => 0));
  for (const cell of list) {
    const row = grid[cell.weekday];
    if (row && cell.hour >= 0 && cell.hour < 24)
      row[cell.hour] = (row[cell.hour] ?? 0) + cell.value;
  }
  return grid.flatMap((row, weekday) =>
    row.map((value, hour): [number, number, number] => [hour, weekday, value]),
  );
}

const cellTooltip = (t: Translate) => (params: { value: [number, number, number] }) => {
  const [hour, weekday, value] = params.value;
  const day = WEEKDAYS[weekday];
  return tooltipHtml({
    title: `${day ? t(day) : ''} ${hour}:00-${hour + 1}:00`,
    lines: [formatNumber(value)],
  });
};

function visualMap(max: number, color: string, horizontal: boolean) {
  return {
    type: 'continuous',
    min: 0,
    max: Math.max(1, max),
    calculable: true,
    orient: horizontal ? 'horizontal' : 'vertical',
    left: horizontal ? 'center' : 0,
    bottom: 0,
    itemWidth: 10,
    itemHeight: horizontal ? 120 : 80,
    textStyle: { color: LABEL_COLOR },
    inRange: { color: ['#F2F6FF', color] },
    formatter: (value: number) => formatNumber(Math.round(value)),
  };
}

/** Weekdays (周一 at the top) by hours, shaded by value. */
export function heatmapOption(list: readonly HeatCell[], color: string, t: Translate = currentT()) {
  const cells = heatCells(list);
  const max = Math.max(0, ...cells.map((cell) => cell[2]));
  return {
    tooltip: { confine: true, formatter: cellTooltip(t) },
    grid: { left: 8, right: 8, top: 8, bottom: 44, ...LABELS_INSIDE },
    xAxis: {
      type: 'category',
      data: hourNames(t),
      splitArea: { show: true },
      axisLine: { lineStyle: { color: AXIS_COLOR } },
      axisTick: { show: false },
      axisLabel: { color: LABEL_COLOR, hideOverlap: true },
    },
    yAxis: {
      type: 'category',
      data: weekdayNames(t),
      inverse: true,
      splitArea: { show: true },
      axisLine: { lineStyle: { color: AXIS_COLOR } },
      axisTick: { show: false },
      axisLabel: { color: LABEL_COLOR },
    },
    visualMap: visualMap(max, color, true),
    series: [
      {
        type: 'heatmap',
        data: cells,
        itemStyle: { borderColor: '#fff', borderWidth: 1 },
        emphasis: { itemStyle: { shadowBlur: 6, shadowColor: 'rgba(0, 0, 0, 0.3)' } },
      },
    ],
  };
}

/** How the polar heat map's rings read, from the centre out. */
export const POLAR_RINGS = zh('由内到外：周一 → 周日');

/** Largest bubble of the polar heat map, in px. */
export const POLAR_MAX_SYMBOL = 18;

/**
 * The same cells on polar coordinates: the angle is the hour (0时 at the top, clockwise), the
 * radius the weekday (周一 inside); bubble size and colour grow with the value.
 */
export function polarHeatmapOption(
  list: readonly HeatCell[],
  color: string,
  t: Translate = currentT(),
) {
  const cells = heatCells(list);
  const max = Math.max(0, ...cells.map((cell) => cell[2]));
  const size = (value: number) => (max ? Math.sqrt(value / max) * POLAR_MAX_SYMBOL : 0);
  return {
    tooltip: {
      confine: true,
      formatter: ({ value: [weekday, hour, value] }: { value: [number, number, number] }) =>
        cellTooltip(t)({ value: [hour, weekday, value] }),
    },
    polar: { center: ['50%', '52%'], radius: ['24%', '80%'] },
    // Weekday labels on the radius would sit on the 0时 column, crowded into the centre: the
    // rings are named once, in a corner, and every bubble's tooltip names its weekday.
    graphic: [
      {
        type: 'text',
        left: 4,
        top: 4,
        style: { text: t(POLAR_RINGS), fill: LABEL_COLOR, fontSize: 11 },
      },
    ],
    angleAxis: {
      type: 'category',
      data: hourNames(t),
      boundaryGap: false,
      startAngle: 90,
      splitLine: { show: true, lineStyle: { color: AXIS_COLOR, type: 'dashed' } },
      axisLine: { show: false },
      axisLabel: { color: LABEL_COLOR },
    },
    radiusAxis: {
      type: 'category',
      data: weekdayNames(t),
      axisLine: { show: false },
      axisTick: { show: false },
      axisLabel: { show: false },
    },
    visualMap: { ...visualMap(max, color, false), dimension: 2 },
    series: [
      {
        type: 'scatter',
        coordinateSystem: 'polar',
        // Polar data is [radius, angle, value].
        data: cells.map(([hour, weekday, value]) => ({
          value: [weekday, hour, value],
          symbolSize: size(value),
        })),
      },
    ],
  };
}
