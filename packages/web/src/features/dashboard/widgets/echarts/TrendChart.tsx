import type { FilterField, TrendAnswer } from '@yuqing/core';
import { BarChart, LineChart } from 'echarts/charts';
import { use as install, type ECElementEvent } from 'echarts/core';
import { useMemo } from 'react';
import type { WidgetViewProps } from '../types';
import { legendShown, valueName } from './common';
import { EChart } from './EChart';
import { bucketRange, trendModel, trendOption, type TrendKind } from './trend.option';

install([LineChart, BarChart]);

/**
 * A trend drawn as lines, stacked areas or stacked bars. A click on a bucket narrows the range to
 * it; a click on a series' point or bar also drills into that series' value.
 */
export function TrendChart({
  kind,
  chart,
  data,
  colors,
  valueType,
  timeZone,
  onDrill,
  onRange,
}: WidgetViewProps<TrendAnswer> & { kind: TrendKind }) {
  const model = useMemo(
    () => trendModel(data, timeZone, valueName(valueType)),
    [data, timeZone, valueType],
  );
  const option = useMemo(
    () =>
      trendOption(model, {
        kind,
        colors,
        format: chart.options.format,
        showLegend: legendShown(chart, model.series.length),
      }),
    [model, kind, colors, chart],
  );
  const series: FilterField | undefined = chart.innerRequest.series;

  const narrow = (index: number) => {
    const range = bucketRange(model, index, timeZone);
    if (range) onRange(range);
  };
  const onClick = (event: ECElementEvent) => {
    if (typeof event.dataIndex !== 'number') return;
    const key = model.series[event.seriesIndex ?? -1]?.key;
    if (series && key !== undefined) onDrill(series, key);
    narrow(event.dataIndex);
  };

  return <EChart kind={kind} option={option} onClick={onClick} onGridClick={narrow} />;
}
