import { tagRules, type TagRules } from '@yuqing/core';

const brand = (name: string, aliases: string[]) => ({ name, path: `/品牌/${name}`, aliases });
const category = (name: string, aliases: string[]) => ({ name, path: `/品类/${name}`, aliases });
const topic = (group: string, name: string, words: string[]) => ({
  name,
  path: `/话题/${group}/${name}`,
  words,
});
const sentiments = (weight: number, words: string) =>
  words.split(' ').map((word) => ({ word, weight }));

/**
 * The demo project's tagging rules: its brand tree (星河汽车 and its models, two competitors),
 * its topic tree, and the words car owners use. Words inside longer ones that mean something
 * else are listed whole (售后服务, 充电桩, 不满意), as the matcher takes the longest word; degree
 * adverbs are not (好, not 很好), since 很好看 would then be read as 很好 and 看.
 */
export const demoRules: TagRules = tagRules.parse({
  brands: [
    brand('星河汽车', ['星河', '星河车企', 'xinghe', 'xinghe auto']),
    brand('竞品A', ['a厂', 'a品牌']),
    brand('竞品B', ['b厂', 'b品牌']),
  ],
  categories: [
    category('轿车', ['三厢车', '中型车']),
    category('SUV', ['越野车', '城市suv']),
    category('新能源', ['电动车', '纯电车', '新能源车', '电车']),
  ],
  products: [
    {
      name: '星河S7',
      type: '中型轿车',
      brand: '星河汽车',
      category: '轿车',
      aliases: ['s7', '星河七'],
    },
    { name: '星河X5', type: '中型SUV', brand: '星河汽车', category: 'SUV', aliases: ['x5'] },
    { name: '星河E3', type: '小型纯电车', brand: '星河汽车', category: '新能源', aliases: ['e3'] },
    { name: 'A6', type: '中型轿车', brand: '竞品A', category: '轿车', aliases: ['竞品a6'] },
    { name: 'A8', type: '大型SUV', brand: '竞品A', category: 'SUV', aliases: ['竞品a8'] },
    { name: 'B3', type: '小型纯电车', brand: '竞品B', category: '新能源', aliases: ['竞品b3'] },
    { name: 'B5', type: '紧凑型SUV', brand: '竞品B', category: 'SUV', aliases: ['竞品b5'] },
  ],
  topics: [
    topic('产品口碑', '续航', [
      '续航里程',
      '续航能力',
      '续航表现',
      '冬季续航',
      '里程焦虑',
      '掉电',
      '电耗',
      '能耗',
      '跑不远',
    ]),
    topic('产品口碑', '智能座舱', [
      '座舱',
      '车机',
      '车机系统',
      '中控屏',
      '导航系统',
      '语音助手',
      '语音控制',
      '车载系统',
      'ota',
      '导航',
    ]),
    topic('产品口碑', '外观设计', [
      '外观',
      '外形',
      '造型',
      '颜值',
      '配色',
      '车身线条',
      '前脸',
      '尾灯',
    ]),
    topic('售后服务', '维修', [
      '保养',
      '售后',
      '售后服务',
      '售后维修',
      '返厂',
      '4s店',
      '召回',
      '修车',
    ]),
    topic('售后服务', '充电', [
      '充电桩',
      '充电站',
      '充电速度',
      '快充',
      '超充',
      '慢充',
      '补能',
      '换电',
    ]),
    topic('营销活动', '新品发布', ['发布会', '新车发布', '上市', '首发', '预售', '官宣']),
    topic('营销活动', '车展', ['展台', '展馆', '探馆', '车展现场']),
  ],
  sentiments: [
    ...sentiments(3, '超出预期 没话说 太香了 完美 惊艳 强烈推荐'),
    ...sentiments(
      2,
      '不错 满意 好看 漂亮 喜欢 优秀 出色 给力 靠谱 流畅 省心 推荐 好评 亮眼 点赞 ' +
        '好用 大气 安心 良心 划算 顺畅 舒服 [赞] [good] 👍 好',
    ),
    ...sentiments(1, '舒适 值得 实用 方便 够用 稳 快 [哈哈] 😊 期待'),
    ...sentiments(-1, '问题 贵 不如 焦虑 担心 排队 慢 一般般 严重 难找'),
    ...sentiments(
      -2,
      '差 不好 坑 吐槽 麻烦 卡顿 难看 丑 离谱 缩水 虚标 异响 投诉 隐患 不行 不佳 翻车 ' +
        '闹心 故障 安全隐患 [怒] [吐] 😤 [失望]',
    ),
    ...sentiments(-3, '差劲 失望 不满意 垃圾 后悔 拉胯 糟糕'),
  ],
  negations: [
    '不',
    '没',
    '没有',
    '不是',
    '并不',
    '并没有',
    '毫不',
    '毫无',
    '从不',
    '别',
    '未',
    '不太',
    '不怎么',
    '不算',
    '谈不上',
    '算不上',
  ],
  relations: [
    { name: '续航抱怨', topic: '续航', emotion: '负面' },
    { name: '座舱好评', topic: '智能座舱', emotion: '正面' },
    { name: '售后投诉', topic: '维修', emotion: '负面' },
    { name: '补能体验差', topic: '充电', emotion: '负面' },
    { name: '星河新品关注', brand: '星河汽车', topic: '新品发布' },
    { name: '星河S7口碑', product: '星河S7', emotion: '正面' },
    { name: '车展曝光', topic: '车展' },
  ],
});
