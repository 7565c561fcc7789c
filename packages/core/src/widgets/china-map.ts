import { formatNumber } from '../format.js';

/** Axis and legend text colour of charts. */
export const CHART_LABEL_COLOR = '#4E5969';

/**
 * The China map as the dashboard draws it and exports print it: provinces shaded from a pale blue
 * to `color` by value, a legend from 低 to 高. `values` use the map's region names. The dashboard
 * adds its tooltip and interaction to it.
 */
export function chinaMapOption(
  values: readonly { name: string; value: number }[],
  seriesName: string,
  color: string,
) {
  const max = Math.max(1, ...values.map((item) => item.value));
  return {
    visualMap: {
      type: 'continuous',
      min: 0,
      max,
      left: 8,
      bottom: 8,
      itemWidth: 10,
      itemHeight: 80,
      text: ['高', '低'],
      textStyle: { color: CHART_LABEL_COLOR },
      inRange: { color: ['#EAF0FF', color] },
      formatter: (value: number) => formatNumber(Math.round(value)),
    },
    series: [
      {
        type: 'map',
        name: seriesName,
        map: 'china',
        layoutCenter: ['50%', '55%'],
        layoutSize: '110%',
        label: { show: false },
        itemStyle: { areaColor: '#F2F3F5', borderColor: '#fff' },
        data: values.map(({ name, value }) => ({ name, value })),
      },
    ],
  };
}
