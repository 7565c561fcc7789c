import type { FilterField, TrendAnswer } from '@yuqing/core';
import { BarChart, LineChart } from 'echarts/charts';
import { use as install, type ECElementEvent } from 'echarts/core';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import type { WidgetViewProps } from '../types';
import { legendShown, valueName } from './common';
import { EChart } from './EChart';
import { trendModel } from '@yuqing/core';
import { displayNameIn } from '../../format/displayName';
import { bucketRange, trendOption, type TrendKind } from './trend.option';

install([LineChart, BarChart]);

/**
 * A trend drawn as lines, stacked areas or stacked bars. A click in the plot narrows the range to
 * the bucket under the pointer; a click on a series' point, line or bar also drills into the
 * series' value (when the widget groups by a series field).
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
  const t = useT();
  const model = useMemo(
    () => trendModel(data, timeZone, valueName(valueType, t), displayNameIn(t)),
    [data, timeZone, valueType, t],
  );
  const option = useMemo(
    () =>
      trendOption(
        model,
        {
          kind,
          colors,
          format: chart.options.format,
          showLegend: legendShown(chart, model.series.length),
        },
        t,
      ),
    [model, kind, colors, chart, t],
  );
  const series: FilterField | undefined = chart.innerRequest.series;

  // The bucket under the pointer narrows the range, whether the click hit a point or not.
  const narrow = (index: number) => {
    const range = bucketRange(model, index, timeZone);
    if (range) onRange(range);
  };
  // A click on a series (point, line or bar) also drills into its value.
  const onClick = (event: ECElementEvent) => {
    const key = model.series[event.seriesIndex ?? -1]?.key;
    if (series && key !== undefined) onDrill(series, key);
  };

  return <EChart kind={kind} option={option} onClick={onClick} onGridClick={narrow} />;
}
