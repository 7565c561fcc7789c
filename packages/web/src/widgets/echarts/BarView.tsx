import type { ListAnswer, NameValue } from '@yuqing/core';
import { BarChart } from 'echarts/charts';
import { use as install, type ECElementEvent } from 'echarts/core';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import { BAR_COLOR } from '@yuqing/core';
import type { WidgetViewProps } from '../types';
import { drillField, legendShown, valueName } from './common';
import { termsModel } from '@yuqing/core';
import { barOption } from './bar.option';
import { displayNameIn } from '../../format/displayName';
import { EChart } from './EChart';

install([BarChart]);

/** Terms as bars, vertical or horizontal; a click on a bar drills into its value. */
export default function BarView({
  chart,
  data,
  colors,
  valueType,
  onDrill,
}: WidgetViewProps<ListAnswer<NameValue>>) {
  const t = useT();
  const model = useMemo(
    () => termsModel(data.list, valueName(valueType, t), displayNameIn(t)),
    [data, valueType, t],
  );
  const option = useMemo(
    () =>
      barOption(
        model,
        {
          colors,
          format: chart.options.format,
          horizontal: chart.options.horizontal ?? false,
          stacked: false,
          showLegend: legendShown(chart, 1),
          singleColor: chart.theme?.[0] ?? BAR_COLOR,
        },
        t,
      ),
    [model, colors, chart, t],
  );
  const onClick = (event: ECElementEvent) => {
    const key = model.keys[event.dataIndex];
    if (key !== undefined) onDrill(drillField(chart, 'media_platform'), key);
  };
  return <EChart kind="bar" option={option} onClick={onClick} />;
}
