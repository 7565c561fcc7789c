import { Weighted, type Random } from './random.js';

/** Provinces with population in millions (2020 census) and a few cities or districts each. */
const PROVINCES: readonly (readonly [string, number, readonly string[]])[] = [
  ['广东', 126.0, ['广州', '深圳', '东莞', '佛山', '珠海', '汕头']],
  ['山东', 101.5, ['济南', '青岛', '烟台', '潍坊', '临沂']],
  ['河南', 99.4, ['郑州', '洛阳', '南阳', '新乡']],
  ['江苏', 84.7, ['南京', '苏州', '无锡', '常州', '南通', '徐州']],
  ['四川', 83.7, ['成都', '绵阳', '宜宾', '南充']],
  ['河北', 74.6, ['石家庄', '唐山', '保定', '廊坊']],
  ['湖南', 66.4, ['长沙', '株洲', '衡阳', '岳阳']],
  ['浙江', 64.6, ['杭州', '宁波', '温州', '嘉兴', '金华']],
  ['安徽', 61.0, ['合肥', '芜湖', '蚌埠', '阜阳']],
  ['湖北', 57.8, ['武汉', '宜昌', '襄阳', '荆州']],
  ['广西', 50.1, ['南宁', '柳州', '桂林']],
  ['云南', 47.2, ['昆明', '曲靖', '大理']],
  ['江西', 45.2, ['南昌', '赣州', '九江']],
  ['辽宁', 42.6, ['沈阳', '大连', '鞍山']],
  ['福建', 41.5, ['福州', '厦门', '泉州']],
  ['陕西', 39.5, ['西安', '宝鸡', '咸阳']],
  ['贵州', 38.6, ['贵阳', '遵义']],
  ['山西', 34.9, ['太原', '大同', '运城']],
  ['重庆', 32.1, ['渝北区', '九龙坡区', '江北区', '万州区']],
  ['黑龙江', 31.9, ['哈尔滨', '大庆', '齐齐哈尔']],
  ['新疆', 25.9, ['乌鲁木齐', '克拉玛依']],
  ['甘肃', 25.0, ['兰州', '天水']],
  ['上海', 24.9, ['浦东新区', '闵行区', '徐汇区', '静安区']],
  ['吉林', 24.1, ['长春', '吉林']],
  ['内蒙古', 24.0, ['呼和浩特', '包头', '鄂尔多斯']],
  ['台湾', 23.6, ['台北', '高雄']],
  ['北京', 21.9, ['朝阳区', '海淀区', '丰台区', '东城区']],
  ['天津', 13.9, ['和平区', '滨海新区', '南开区']],
  ['海南', 10.1, ['海口', '三亚']],
  ['香港', 7.5, ['九龙', '香港岛']],
  ['宁夏', 7.2, ['银川']],
  ['青海', 5.9, ['西宁']],
  ['西藏', 3.6, ['拉萨']],
  ['澳门', 0.7, ['澳门半岛']],
];

const byPopulation = new Weighted(PROVINCES.map((entry) => [entry, entry[1]] as const));

const LOCATED_SHARE = 0.7;

/**
 * A free-text location as platforms show it ("广东 深圳", sometimes only "广东"), for about 70% of
 * accounts, drawn by population.
 */
export function pickLocation(random: Random): string | undefined {
  if (!random.chance(LOCATED_SHARE)) return undefined;
  const [province, , cities] = byPopulation.pick(random);
  return random.chance(0.85) ? `${province} ${random.pick(cities)}` : province;
}
