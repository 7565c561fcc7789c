import { BarChart } from 'echarts/charts';
import { use as install, type ECElementEvent } from 'echarts/core';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import type { WidgetViewProps } from '../types';
import { drillField, legendShown } from './common';
import { compareModel } from '@yuqing/core';
import { barOption } from './bar.option';
import { displayNameIn } from '../../format/displayName';
import type { CompareAnswer } from '@yuqing/core';
import { EChart } from './EChart';

install([BarChart]);

/** Terms of the current period beside the comparison period's; a click drills into the term. */
export default function CompareBarView({
  chart,
  data,
  colors,
  onDrill,
}: WidgetViewProps<CompareAnswer>) {
  const { current, previous } = data;
  const t = useT();
  const model = useMemo(
    () => compareModel(current, previous, displayNameIn(t)),
    [current, previous, t],
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
          showLegend: legendShown(chart, 2),
          singleColor: colors.palette[0]!,
        },
        t,
      ),
    [model, colors, chart, t],
  );
  const onClick = (event: ECElementEvent) => {
    const key = model.keys[event.dataIndex];
    if (key !== undefined) onDrill(drillField(chart, 'media_platform'), key);
  };
  return <EChart kind="compare-bar" option={option} onClick={onClick} />;
}
