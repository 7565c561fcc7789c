import { formatNumber, formatPercent, type NameValue } from '@yuqing/core';
import type { Colors } from '@yuqing/core';
import { currentT, type Translate } from '../../i18n/useT';
import { LABEL_COLOR, displayNameIn, labelFormatter, legend, total, type Format } from './common';
import { tooltipHtml } from './tooltip';

/** Widths (px) at which a pie labels its slices by their share only. */
export const NARROW_PIE = 320;

export interface PieOptionInput {
  colors: Colors;
  format: Format | undefined;
  showLegend: boolean;
  seriesName: string;
}

/**
 * A donut with percent labels. Slices keep the answer's value in `key` (for drill-down) and are
 * coloured by name first (the site's colorMap: sentiments keep their colours), then by position.
 */
export function pieOption(
  list: readonly NameValue[],
  input: PieOptionInput,
  t: Translate = currentT(),
) {
  const nameOf = displayNameIn(t);
  const { colors, format, showLegend, seriesName } = input;
  const sum = total(list.map((item) => item.value));
  const valueLabel = labelFormatter(format === 'percent' ? 'number' : format, sum);
  return {
    // A plain legend wraps onto a second line: a scrolling one cut a name ("论:") and paged "1/2"
    // under a narrow donut.
    legend: { ...legend(showLegend), type: 'plain' as const, top: undefined, bottom: 0 },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: ({ name, value, marker }: { name: string; value: number; marker: string }) =>
        tooltipHtml({
          title: name,
          marker,
          lines: [`${formatNumber(value)}${sum ? ` (${formatPercent(value / sum)})` : ''}`],
        }),
    },
    series: [
      {
        type: 'pie',
        name: seriesName,
        radius: ['36%', '58%'],
        center: ['50%', showLegend ? '42%' : '50%'],
        avoidLabelOverlap: true,
        percentPrecision: 1,
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        label: {
          color: LABEL_COLOR,
          // The name over its share (and value when the widget asks for numbers): two short lines
          // fit beside a narrow donut, where one long line was cut to "正面 59…".
          formatter: (params: { name: string; value: number; percent: number }) =>
            `${params.name}\n${format && format !== 'percent' ? `${valueLabel(params.value)} ` : ''}` +
            `${params.percent}%`,
          lineHeight: 16,
          overflow: 'none',
        },
        labelLine: { length: 6, length2: 6 },
        data: list.map((item, index) => ({
          key: item.name,
          name: nameOf(item.name),
          value: item.value,
          itemStyle: { color: colors.of(item.name, index) },
        })),
      },
    ],
    // A narrow donut (the manage canvas, a third of a row) keeps room for its labels by showing
    // the share alone: the legend names the colours.
    media: [
      {
        query: { maxWidth: NARROW_PIE },
        option: {
          series: [
            {
              radius: ['30%', '48%'],
              label: { formatter: '{d}%', alignTo: 'edge', edgeDistance: 4 },
            },
          ],
        },
      },
    ],
  };
}
