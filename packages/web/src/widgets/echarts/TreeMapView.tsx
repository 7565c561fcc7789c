import type { ListAnswer, NameValue, PathCount } from '@yuqing/core';
import { TreemapChart } from 'echarts/charts';
import { use as install, type ECElementEvent } from 'echarts/core';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import type { WidgetViewProps } from '../types';
import { drillField } from './common';
import { EChart } from './EChart';
import { pathNodes, treemapOption } from './tree.option';

install([TreemapChart]);

/** Paths as nested rectangles; a click on one drills into its path. */
export default function TreeMapView({
  chart,
  data,
  colors,
  onDrill,
}: WidgetViewProps<ListAnswer<PathCount | NameValue>>) {
  const t = useT();
  const option = useMemo(() => treemapOption(pathNodes(data.list, t), colors), [data, colors, t]);
  const onClick = (event: ECElementEvent) => {
    const path = (event.data as { path?: string } | undefined)?.path;
    if (path) onDrill(drillField(chart, 'topic_paths'), path);
  };
  return <EChart kind="tree-map" option={option} onClick={onClick} />;
}
