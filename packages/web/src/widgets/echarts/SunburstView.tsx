import type { ListAnswer, NameValue, PathCount } from '@yuqing/core';
import { SunburstChart } from 'echarts/charts';
import { use as install, type ECElementEvent } from 'echarts/core';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import type { WidgetViewProps } from '../types';
import { drillField } from './common';
import { EChart } from './EChart';
import { pathNodes, sunburstOption } from './tree.option';

install([SunburstChart]);

/** A path tree as rings; a click on a node drills into its path. */
export default function SunburstView({
  chart,
  data,
  colors,
  onDrill,
}: WidgetViewProps<ListAnswer<PathCount | NameValue>>) {
  const t = useT();
  const option = useMemo(() => sunburstOption(pathNodes(data.list, t), colors), [data, colors, t]);
  const onClick = (event: ECElementEvent) => {
    const path = (event.data as { path?: string } | undefined)?.path;
    if (path) onDrill(drillField(chart, 'topic_paths'), path);
  };
  return <EChart kind="sunburst" option={option} onClick={onClick} />;
}
