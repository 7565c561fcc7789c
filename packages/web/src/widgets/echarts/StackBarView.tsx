import { BarChart } from 'echarts/charts';
import { use as install, type ECElementEvent } from 'echarts/core';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import type { WidgetViewProps } from '../types';
import { legendShown } from './common';
import { pivotModel } from '@yuqing/core';
import { barOption } from './bar.option';
import { displayNameIn } from '../../format/displayName';
import { EChart } from './EChart';
import type { StackAnswer } from '@yuqing/core';
import { TrendChart } from './TrendChart';

install([BarChart]);

/**
 * Stacked bars: a pivot's rows as bars and its columns as stacked series (a click drills into the
 * row), or a trend's buckets with a stacked series per value (a click narrows the range).
 */
export default function StackBarView(props: WidgetViewProps<StackAnswer>) {
  const { data } = props;
  if (data.kind === 'trend') return <TrendChart kind="stack-bar" {...props} data={data.trend} />;
  return <PivotBars {...props} cells={data} />;
}

function PivotBars({
  chart,
  colors,
  onDrill,
  cells,
}: WidgetViewProps<StackAnswer> & { cells: Extract<StackAnswer, { kind: 'pivot' }> }) {
  const t = useT();
  const model = useMemo(() => pivotModel(cells.list, displayNameIn(t)), [cells, t]);
  const option = useMemo(
    () =>
      barOption(
        model,
        {
          colors,
          format: chart.options.format,
          horizontal: chart.options.horizontal ?? false,
          stacked: true,
          showLegend: legendShown(chart, model.series.length),
          singleColor: colors.palette[0]!,
        },
        t,
      ),
    [model, colors, chart, t],
  );
  const rows = chart.innerRequest.rows;
  const onClick = (event: ECElementEvent) => {
    const key = model.keys[event.dataIndex];
    if (rows && key !== undefined) onDrill(rows, key);
  };
  return <EChart kind="stack-bar" option={option} onClick={onClick} />;
}
