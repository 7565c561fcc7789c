import type { HeatCell, ListAnswer } from '@yuqing/core';
import { HeatmapChart } from 'echarts/charts';
import { VisualMapComponent } from 'echarts/components';
import { use as install } from 'echarts/core';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import type { WidgetViewProps } from '../types';
import { EChart } from './EChart';
import { heatmapOption } from './heatmap.option';

install([HeatmapChart, VisualMapComponent]);

/** Posts by weekday and hour (project's zone). No drill-down: no filter field holds the hour. */
export default function HeatMapView({ data, colors }: WidgetViewProps<ListAnswer<HeatCell>>) {
  const t = useT();
  const option = useMemo(
    () => heatmapOption(data.list, colors.palette[1] ?? colors.palette[0]!, t),
    [data, colors, t],
  );
  return <EChart kind="heat-map" option={option} />;
}
