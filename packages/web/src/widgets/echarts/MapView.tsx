import type { ListAnswer, NameValue } from '@yuqing/core';
import { MapChart } from 'echarts/charts';
import { VisualMapComponent } from 'echarts/components';
import { registerMap, use as install, type ECElementEvent } from 'echarts/core';
import china from 'echarts4-maps/map/json/china.json';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import type { WidgetViewProps } from '../types';
import { valueName } from './common';
import { EChart } from './EChart';
import { mapOption, provinceValues } from './map.option';

install([MapChart, VisualMapComponent]);
// The map's geometry loads with this view only. echarts 6 still decodes its compressed form.
registerMap('china', china as unknown as Parameters<typeof registerMap>[1]);

/** Provinces of China shaded by value; a click on a province drills into it. */
export default function MapView({
  data,
  colors,
  valueType,
  onDrill,
}: WidgetViewProps<ListAnswer<NameValue>>) {
  const values = useMemo(() => provinceValues(data.list), [data]);
  const t = useT();
  const option = useMemo(
    () => mapOption(values, valueName(valueType, t), colors.palette[1] ?? colors.palette[0]!, t),
    [values, valueType, colors, t],
  );
  const onClick = (event: ECElementEvent) => {
    const key = values.find((item) => item.name === event.name)?.key;
    if (key !== undefined) onDrill('province', key);
  };
  return <EChart kind="map" option={option} onClick={onClick} />;
}
