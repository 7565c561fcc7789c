import type { HeatCell, ListAnswer } from '@yuqing/core';
import { HeatmapChart } from 'echarts/charts';
import { VisualMapComponent } from 'echarts/components';
import { use as install } from 'echarts/core';
import { useMemo } from 'react';
import type { WidgetViewProps } from '../types';
import { EChart } from './EChart';
import { heatmapOption } from './heatmap.option';

install([HeatmapChart, VisualMapComponent]);

/** Posts by weekday and hour (project's zone). No drill-down: no filter field holds the hour. */
export default function HeatMapView({ data, colors }: WidgetViewProps<ListAnswer<HeatCell>>) {
  const option = useMemo(
    () => heatmapOption(data.list, colors.palette[1] ?? colors.palette[0]!),
    [data, colors],
  );
  return <EChart kind="heat-map" option={option} />;
}
