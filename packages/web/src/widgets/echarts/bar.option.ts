import type { BarModel, Colors } from '@yuqing/core';
import { currentT, type Translate } from '../../i18n/useT';
import {
  AXIS_COLOR,
  LABEL_COLOR,
  axisFormatter,
  labelFormatter,
  legend,
  tooltipValue,
  total,
  type Format,
  LABELS_INSIDE,
} from './common';

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
export function barOption(model: BarModel, input: BarOptionInput, t: Translate = currentT()) {
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
        // The measure's or the comparison's name (本期, 对比期) from core, in the locale.
        name: t.label(series.name),
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
