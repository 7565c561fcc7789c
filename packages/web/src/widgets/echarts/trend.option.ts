import { nextBucket, type DateRange, type TrendAnswer, type TrendModel } from '@yuqing/core';
import type { Colors } from '@yuqing/core';
import { currentT, type Translate } from '../../i18n/useT';
import {
  AXIS_COLOR,
  LABEL_COLOR,
  axisFormatter,
  legend,
  tooltipValue,
  total,
  withAlpha,
  type Format,
  LABELS_INSIDE,
} from './common';

/** The range a click on bucket `index` narrows to: the bucket, `[start, next bucket start)`. */
export function bucketRange(
  model: TrendModel,
  index: number,
  timeZone: string,
): DateRange | undefined {
  const start = model.times[index];
  if (start === undefined) return undefined;
  return { start, end: nextBucket(start, model.interval, timeZone) };
}

export const trendIsEmpty = (answer: TrendAnswer | undefined): boolean =>
  !answer || answer.list.every((point) => !point.value);

export type TrendKind = 'lines' | 'area-stack' | 'stack-bar';

export interface TrendOptionInput {
  kind: TrendKind;
  colors: Colors;
  format: Format | undefined;
  showLegend: boolean;
}

/** The ECharts option of a trend: lines, stacked areas or stacked bars over the buckets. */
export function trendOption(model: TrendModel, input: TrendOptionInput, t: Translate = currentT()) {
  const { kind, colors, format, showLegend } = input;
  const single = model.series.length === 1;
  const sum = total(model.series.flatMap((series) => series.values));
  return {
    color: colors.palette,
    legend: legend(showLegend),
    tooltip: { trigger: 'axis', confine: true, valueFormatter: tooltipValue(format, sum) },
    grid: { left: 8, right: 16, top: showLegend ? 32 : 12, bottom: 4, ...LABELS_INSIDE },
    xAxis: {
      type: 'category',
      data: model.labels,
      boundaryGap: kind === 'stack-bar',
      axisLine: { lineStyle: { color: AXIS_COLOR } },
      axisTick: { show: false },
      axisLabel: { color: LABEL_COLOR, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      splitLine: { lineStyle: { color: AXIS_COLOR, type: 'dashed' } },
      axisLabel: { color: LABEL_COLOR, formatter: axisFormatter(format) },
    },
    series: model.series.map((series, index) => {
      // Coloured by the value itself (a sentiment, a platform's code), whatever the locale names it.
      const color = colors.of(series.key, index);
      if (kind === 'stack-bar')
        return {
          type: 'bar',
          name: t.label(series.name),
          stack: 'total',
          barMaxWidth: 24,
          itemStyle: { color },
          data: series.values,
        };
      return {
        type: 'line',
        name: t.label(series.name),
        smooth: true,
        stack: kind === 'area-stack' ? 'total' : undefined,
        showSymbol: model.times.length <= 48,
        symbol: 'circle',
        symbolSize: 6,
        triggerLineEvent: true,
        lineStyle: { width: 2, color },
        itemStyle: { color },
        areaStyle:
          kind === 'area-stack'
            ? { opacity: 0.35, color }
            : single
              ? {
                  color: {
                    type: 'linear',
                    x: 0,
                    y: 0,
                    x2: 0,
                    y2: 1,
                    colorStops: [
                      { offset: 0, color: withAlpha(color, 0.35) },
                      { offset: 1, color: withAlpha(color, 0.02) },
                    ],
                  },
                }
              : undefined,
        emphasis: { focus: 'series' },
        data: series.values,
      };
    }),
  };
}
