import china from 'echarts4-maps/map/json/china.json';
import { describe, expect, it } from 'vitest';
import { CHINA_PROVINCES, mapIsEmpty, provinceOnMap, provinceValues } from './map.option';

describe('provinceOnMap', () => {
  it('lists exactly the regions of the bundled China map', () => {
    const names = (china as { features: { properties: { name: string } }[] }).features.map(
      (feature) => feature.properties.name,
    );
    expect([...CHINA_PROVINCES].sort()).toEqual(names.sort());
  });

  it('maps short and full names to the map names', () => {
    expect(provinceOnMap('广东')).toBe('广东');
    expect(provinceOnMap('广东省')).toBe('广东');
    expect(provinceOnMap('北京市')).toBe('北京');
    expect(provinceOnMap('内蒙古自治区')).toBe('内蒙古');
    expect(provinceOnMap('广西壮族自治区')).toBe('广西');
    expect(provinceOnMap('新疆维吾尔自治区')).toBe('新疆');
    expect(provinceOnMap('香港特别行政区')).toBe('香港');
    expect(provinceOnMap('黑龙江省')).toBe('黑龙江');
    expect(provinceOnMap('陕西省')).toBe('陕西');
    expect(provinceOnMap('海外')).toBeUndefined();
  });
});

describe('provinceValues', () => {
  it('sums spellings of one province and drills with the most common spelling', () => {
    expect(
      provinceValues([
        { name: '广东省', value: 2 },
        { name: '广东', value: 5 },
        { name: '其他', value: 9 },
        { name: '北京市', value: 1 },
      ]),
    ).toEqual([
      { name: '广东', value: 7, key: '广东' },
      { name: '北京', value: 1, key: '北京市' },
    ]);
  });

  it('is empty when no province of the map has a value', () => {
    expect(mapIsEmpty([])).toBe(true);
    expect(mapIsEmpty([{ name: '其他', value: 3 }])).toBe(true);
    expect(mapIsEmpty([{ name: '上海', value: 0 }])).toBe(true);
    expect(mapIsEmpty([{ name: '上海市', value: 1 }])).toBe(false);
  });
});
