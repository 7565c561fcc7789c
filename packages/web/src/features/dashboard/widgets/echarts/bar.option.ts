import type { NameValue, PivotCell } from '@yuqing/core';
import type { Colors } from '@yuqing/core';
import {
  AXIS_COLOR,
  LABEL_COLOR,
  axisFormatter,
  displayName,
  labelFormatter,
  legend,
  tooltipValue,
  total,
  type Format,
  LABELS_INSIDE,
} from './common';

/** Bars side by side or stacked: categories (with the values they stand for) and series. */
export interface BarModel {
  /** The grouped values as the answer has them, for drill-down. */
  keys: string[];
  labels: string[];
  series: { key: string; name: string; values: number[] }[];
}

/** One series of terms. */
export function termsModel(list: readonly NameValue[], name: string): BarModel {
  return {
    keys: list.map((item) => item.name),
    labels: list.map((item) => displayName(item.name)),
    series: [{ key: name, name, values: list.map((item) => item.value) }],
  };
}

export const COMPARE_CURRENT = '本期';
export const COMPARE_PREVIOUS = '对比期';

/**
 * The current period's terms beside the comparison period's. Categories are the current ones in
 * their order, then those only the comparison period has; a term missing from a period is 0.
 */
export function compareModel(
  current: readonly NameValue[],
  previous: readonly NameValue[],
): BarModel {
  const keys = [...new Set([...current, ...previous].map((item) => item.name))];
  const valuesOf = (list: readonly NameValue[]) => {
    const byName = new Map(list.map((item) => [item.name, item.value]));
    return keys.map((key) => byName.get(key) ?? 0);
  };
  return {
    keys,
    labels: keys.map(displayName),
    series: [
      { key: COMPARE_CURRENT, name: COMPARE_CURRENT, values: valuesOf(current) },
      { key: COMPARE_PREVIOUS, name: COMPARE_PREVIOUS, values: valuesOf(previous) },
    ],
  };
}

function byTotal(cells: readonly PivotCell[], part: (cell: PivotCell) => string): string[] {
  const sums = new Map<string, number>();
  for (const cell of cells) sums.set(part(cell), (sums.get(part(cell)) ?? 0) + cell.value);
  return [...sums]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([key]) => key);
}

/** A pivot as stacked bars: a bar per row, a stacked series per column, both largest first. */
export function pivotModel(cells: readonly PivotCell[]): BarModel {
  const rows = byTotal(cells, (cell) => cell.row);
  const cols = byTotal(cells, (cell) => cell.col);
  const rowIndex = new Map(rows.map((row, i) => [row, i]));
  const series = cols.map((col) => ({
    key: col,
    name: displayName(col),
    values: rows.map(() => 0),
  }));
  const colIndex = new Map(cols.map((col, i) => [col, i]));
  for (const cell of cells) {
    const values = series[colIndex.get(cell.col)!]!.values;
    const at = rowIndex.get(cell.row)!;
    values[at] = values[at]! + cell.value;
  }
  return { keys: rows, labels: rows.map(displayName), series };
}

export interface BarOptionInput {
  colors: Colors;
  format: Format | undefined;
  horizontal: boolean;
  stacked: boolean;
  showLegend: boolean;
  /** The colour of a lone series (spec 9: #3256B4 unless the widget has its own theme). */
  singleColor: string;
}

/** Side by side, more bars than this turn their names. */
const UPRIGHT_LABELS = 6;

/** Bars 10 px wide, abbreviated value axis, category labels cut at 100 px (spec 9). */
export function barOption(model: BarModel, input: BarOptionInput) {
  const { colors, format, horizontal, stacked, showLegend, singleColor } = input;
  const single = model.series.length === 1;
  const sums = model.series.map((series) => total(series.values));
  const categoryAxis = {
    type: 'category',
    data: model.labels,
    inverse: horizontal,
    axisLine: { lineStyle: { color: AXIS_COLOR } },
    axisTick: { show: false },
    // Every bar is named; side by side, many names turn so that they fit under their bars.
    axisLabel: {
      color: LABEL_COLOR,
      width: 100,
      overflow: 'truncate',
      interval: 0,
      rotate: !horizontal && model.labels.length > UPRIGHT_LABELS ? 35 : 0,
    },
  };
  const valueAxis = {
    type: 'value',
    splitLine: { lineStyle: { color: AXIS_COLOR, type: 'dashed' } },
    axisLabel: { color: LABEL_COLOR, formatter: axisFormatter(format), hideOverlap: true },
  };
  return {
    color: colors.palette,
    legend: legend(showLegend),
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      valueFormatter: tooltipValue(format, total(sums)),
    },
    grid: { left: 8, right: 24, top: showLegend ? 32 : 16, bottom: 4, ...LABELS_INSIDE },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: model.series.map((series, index) => {
      const format_ = labelFormatter(format, sums[index]!);
      return {
        type: 'bar',
        name: series.name,
        stack: stacked ? 'total' : undefined,
        barWidth: stacked ? undefined : 10,
        barMaxWidth: stacked ? 24 : undefined,
        itemStyle: {
          color: single ? singleColor : colors.of(series.key, index),
          borderRadius: stacked ? 0 : horizontal ? [0, 5, 5, 0] : [5, 5, 0, 0],
        },
        label: {
          show: single && !stacked,
          position: horizontal ? 'right' : 'top',
          color: LABEL_COLOR,
          fontSize: 11,
          formatter: ({ value }: { value: unknown }) => format_(Number(value)),
        },
        emphasis: { focus: stacked ? 'series' : 'none' },
        data: series.values,
      };
    }),
  };
}
