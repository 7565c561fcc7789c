import { describe, expect, it } from 'vitest';
import { PROVINCES } from '@yuqing/core';
import { provinceOf } from './province.js';

describe('provinceOf', () => {
  it.each([
    ['广东 深圳', '广东'],
    ['北京市朝阳区', '北京'],
    ['上海', '上海'],
    ['新疆维吾尔自治区乌鲁木齐', '新疆'],
    ['浙江杭州', '浙江'],
    ['香港', '香港'],
    ['澳門', '澳门'],
    ['臺灣 臺北', '台湾'],
    ['内蒙古自治区包头市', '内蒙古'],
    ['内蒙 赤峰', '内蒙古'],
    ['广西壮族自治区', '广西'],
    ['中国 四川', '四川'],
    ['重庆 渝北区', '重庆'],
    ['天津市河北区', '天津'],
    ['安徽 马鞍山', '安徽'],
    ['马鞍山市', '安徽'],
    ['鞍山', '辽宁'],
  ])('reads %s as %s', (location, province) => {
    expect(provinceOf(location)).toBe(province);
  });

  it.each(['海外', '海外 美国', '其他', '', '  ', 'Tokyo'])(
    'answers nothing for "%s"',
    (location) => {
      expect(provinceOf(location)).toBe('');
    },
  );

  it('knows every province by its own name', () => {
    for (const province of PROVINCES) expect(provinceOf(province)).toBe(province);
    expect(PROVINCES).toHaveLength(34);
  });

  it('places the provincial capitals', () => {
    const capitals = {
      石家庄: '河北',
      太原: '山西',
      呼和浩特: '内蒙古',
      沈阳: '辽宁',
      长春: '吉林',
      哈尔滨: '黑龙江',
      南京: '江苏',
      杭州: '浙江',
      合肥: '安徽',
      福州: '福建',
      南昌: '江西',
      济南: '山东',
      郑州: '河南',
      武汉: '湖北',
      长沙: '湖南',
      广州: '广东',
      南宁: '广西',
      海口: '海南',
      成都: '四川',
      贵阳: '贵州',
      昆明: '云南',
      拉萨: '西藏',
      西安: '陕西',
      兰州: '甘肃',
      西宁: '青海',
      银川: '宁夏',
      乌鲁木齐: '新疆',
      台北: '台湾',
    };
    for (const [city, province] of Object.entries(capitals)) {
      expect(provinceOf(`${city}市`)).toBe(province);
    }
  });

  it('places the largest cities outside the municipalities', () => {
    const cities = {
      深圳: '广东',
      东莞: '广东',
      佛山: '广东',
      青岛: '山东',
      大连: '辽宁',
      厦门: '福建',
      苏州: '江苏',
      宁波: '浙江',
      无锡: '江苏',
      温州: '浙江',
      泉州: '福建',
      珠海: '广东',
      汕头: '广东',
      烟台: '山东',
      常州: '江苏',
      徐州: '江苏',
      洛阳: '河南',
      唐山: '河北',
      潍坊: '山东',
      中山: '广东',
    };
    for (const [city, province] of Object.entries(cities)) {
      expect(provinceOf(city)).toBe(province);
    }
  });
});
