import type { AlertMeasure } from '@yuqing/core';
import { ScatterChart } from 'echarts/charts';
import { use as install, type EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { EChart } from '../../dashboard/widgets/echarts/EChart';
import { formatRange } from '../../alerts/alertTime';
import { measureText } from '../../alerts/measureText';

install([ScatterChart]);

const DAY = 86_400_000;

interface RuleTestChartProps {
  firings: AlertMeasure[];
  /** The end of the tested span; the chart shows the 30 days before it. */
  end: number;
  timeZone: string;
}

/** Where in the past 30 days the rule fired: one marker per firing window, at its value. */
export function RuleTestChart({ firings, end, timeZone }: RuleTestChartProps) {
  const option = useMemo<EChartsCoreOption>(
    () => ({
      grid: { left: 48, right: 24, top: 20, bottom: 28 },
      tooltip: {
        trigger: 'item',
        formatter: ({ dataIndex }: { dataIndex: number }) => {
          const measure = firings[dataIndex]!;
          return `${formatRange(measure.window_start, measure.window_end, timeZone)}<br/>${measureText(measure)}`;
        },
      },
      xAxis: { type: 'time', min: end - 30 * DAY, max: end, splitLine: { show: false } },
      yAxis: { type: 'value', splitLine: { lineStyle: { type: 'dashed' } } },
      series: [
        {
          type: 'scatter',
          symbolSize: 9,
          itemStyle: { color: '#f5222d' },
          data: firings.map((measure) => [measure.window_end, measure.value]),
        },
      ],
    }),
    [firings, end, timeZone],
  );
  return (
    <div style={{ height: 180, marginTop: 12 }} data-testid="rule-test-chart">
      <EChart option={option} kind="alert-rule-test" />
    </div>
  );
}
