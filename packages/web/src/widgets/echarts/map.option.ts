import { chinaMapOption, formatNumber, type NameValue } from '@yuqing/core';
import { currentT, type Translate } from '../../i18n/useT';
import { tooltipHtml } from './tooltip';

/** The region names of echarts 4.9's `map/json/china.json` (short forms: 广东, 内蒙古, 香港). */
// The map geometry's own region names, matched against post data (i18n-ignore on each line).
export const CHINA_PROVINCES = [
  '台湾', '河北', '山西', '内蒙古', '辽宁', '吉林', '黑龙江', '江苏', '浙江', '安徽', '福建', '江西', // i18n-ignore: geometry names
  '山东', '河南', '湖北', '湖南', '广东', '广西', '海南', '四川', '贵州', '云南', '西藏', '陕西', // i18n-ignore: geometry names
  '甘肃', '青海', '宁夏', '新疆', '北京', '天津', '上海', '重庆', '香港', '澳门', // i18n-ignore: geometry names
] as const; // prettier-ignore

/**
 * The map's name of a province as data may spell it: short (广东) or full (广东省, 北京市,
 * 内蒙古自治区, 广西壮族自治区, 香港特别行政区). Every full name starts with the short one.
 */
export function provinceOnMap(name: string): string | undefined {
  const trimmed = name.trim();
  return CHINA_PROVINCES.find((province) => trimmed.startsWith(province));
}

export interface ProvinceValue {
  /** The map's region name. */
  name: string;
  value: number;
  /** The value as the answer had it, for drill-down (the largest when spelled several ways). */
  key: string;
}

/** The answer's provinces on the map's names; spellings of one province are summed. */
export function provinceValues(list: readonly NameValue[]): ProvinceValue[] {
  const byName = new Map<string, ProvinceValue & { top: number }>();
  for (const item of list) {
    const name = provinceOnMap(item.name);
    if (!name) continue;
    const seen = byName.get(name);
    if (!seen) byName.set(name, { name, value: item.value, key: item.name, top: item.value });
    else {
      seen.value += item.value;
      if (item.value > seen.top) Object.assign(seen, { key: item.name, top: item.value });
    }
  }
  return [...byName.values()].map(({ name, value, key }) => ({ name, value, key }));
}

export const mapIsEmpty = (list: readonly NameValue[]): boolean =>
  provinceValues(list).every((item) => !item.value);

export function mapOption(
  values: readonly ProvinceValue[],
  seriesName: string,
  color: string,
  t: Translate = currentT(),
) {
  const base = chinaMapOption(values, seriesName, color);
  return {
    ...base,
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: ({ name, value }: { name: string; value: unknown }) =>
        tooltipHtml({
          title: t.label(name),
          lines: [formatNumber(typeof value === 'number' ? value : 0)],
        }),
    },
    visualMap: { ...base.visualMap, calculable: true },
    series: base.series.map((series) => ({
      ...series,
      roam: false,
      selectedMode: false,
      emphasis: { label: { show: true, color: '#1D2129' }, itemStyle: { areaColor: '#FFC53D' } },
    })),
  };
}
