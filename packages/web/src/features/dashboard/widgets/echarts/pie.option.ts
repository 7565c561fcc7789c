import { formatNumber, formatPercent, type NameValue } from '@yuqing/core';
import type { Colors } from '../palette';
import { LABEL_COLOR, displayName, labelFormatter, legend, total, type Format } from './common';
import { tooltipHtml } from './tooltip';

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
export function pieOption(list: readonly NameValue[], input: PieOptionInput) {
  const { colors, format, showLegend, seriesName } = input;
  const sum = total(list.map((item) => item.value));
  const valueLabel = labelFormatter(format === 'percent' ? 'number' : format, sum);
  return {
    legend: { ...legend(showLegend), top: undefined, bottom: 0 },
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
        radius: ['42%', '68%'],
        center: ['50%', showLegend ? '46%' : '50%'],
        avoidLabelOverlap: true,
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        label: {
          color: LABEL_COLOR,
          // Percent labels; the value too when the widget asks for numbers.
          formatter: (params: { name: string; value: number; percent: number }) =>
            `${params.name} ${format && format !== 'percent' ? `${valueLabel(params.value)} ` : ''}` +
            `${params.percent}%`,
        },
        labelLine: { length: 8, length2: 8 },
        data: list.map((item, index) => ({
          key: item.name,
          name: displayName(item.name),
          value: item.value,
          itemStyle: { color: colors.of(item.name, index) },
        })),
      },
    ],
  };
}
