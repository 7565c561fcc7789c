import type { ListAnswer, NameValue } from '@yuqing/core';
import { PieChart } from 'echarts/charts';
import { use as install, type ECElementEvent } from 'echarts/core';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import type { WidgetViewProps } from '../types';
import { drillField, valueName } from './common';
import { EChart } from './EChart';
import { pieOption } from './pie.option';

install([PieChart]);

/** Terms as a donut; a click on a slice drills into its value. */
export default function PieView({
  chart,
  data,
  colors,
  valueType,
  onDrill,
}: WidgetViewProps<ListAnswer<NameValue>>) {
  const t = useT();
  const option = useMemo(
    () =>
      pieOption(
        data.list,
        {
          colors,
          format: chart.options.format,
          showLegend: chart.options.showLegend ?? false,
          seriesName: valueName(valueType, t),
        },
        t,
      ),
    [data, colors, chart, valueType, t],
  );
  const onClick = (event: ECElementEvent) => {
    const key = data.list[event.dataIndex]?.name;
    if (key !== undefined) onDrill(drillField(chart, 'tendency'), key);
  };
  return <EChart kind="pie" option={option} onClick={onClick} />;
}
