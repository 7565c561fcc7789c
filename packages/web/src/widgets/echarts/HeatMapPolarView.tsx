import type { HeatCell, ListAnswer } from '@yuqing/core';
import { ScatterChart } from 'echarts/charts';
import { GraphicComponent, PolarComponent, VisualMapComponent } from 'echarts/components';
import { use as install } from 'echarts/core';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import type { WidgetViewProps } from '../types';
import { EChart } from './EChart';
import { polarHeatmapOption } from './heatmap.option';

install([ScatterChart, GraphicComponent, PolarComponent, VisualMapComponent]);

/** Weekday × hour as bubbles around a clock face. No drill-down, like the heat map. */
export default function HeatMapPolarView({ data, colors }: WidgetViewProps<ListAnswer<HeatCell>>) {
  const t = useT();
  const option = useMemo(
    () => polarHeatmapOption(data.list, colors.palette[1] ?? colors.palette[0]!, t),
    [data, colors, t],
  );
  return <EChart kind="heat-map-polar" option={option} />;
}
