import type { ProjectProfile } from '@yuqing/core';
import { projectProfile } from '@yuqing/core';

const tree = (root: string, children: Record<string, string[]>) => ({
  title: root,
  value: `/${root}`,
  children: Object.entries(children).map(([name, leaves]) => ({
    title: name,
    value: `/${root}/${name}`,
    children: leaves.map((leaf) => ({ title: leaf, value: `/${root}/${name}/${leaf}` })),
  })),
});

const flatten = (node: { value: string; children?: { value: string }[] }): string[] => [
  node.value,
  ...(node.children ?? []).flatMap(flatten),
];

const brandTree = tree('品牌', {
  星河汽车: ['星河S7', '星河X5', '星河E3'],
  竞品A: ['A6', 'A8'],
  竞品B: ['B3', 'B5'],
});
const topicTree = tree('话题', {
  产品口碑: ['续航', '智能座舱', '外观设计'],
  售后服务: ['维修', '充电'],
  营销活动: ['新品发布', '车展'],
});

/** The demo project's profile: a car brand watching itself and two competitors. */
export const demoProfile: ProjectProfile = projectProfile.parse({
  discard_word: ['转发微博', '网页链接'],
  medias: [
    { name: '微博', code: 'Weibo' },
    { name: '微信', code: 'WeChat' },
    { name: '抖音', code: 'Douyin' },
    { name: '快手', code: 'Kuaishou' },
    { name: '小红书', code: 'Red' },
    { name: '哔哩哔哩', code: 'Bilibili' },
    { name: '新闻客户端', code: 'APP' },
    { name: '网站', code: 'Web' },
    { name: '论坛', code: 'BBS' },
  ],
  brandList: ['星河汽车', '竞品A', '竞品B'],
  categoryList: ['轿车', 'SUV', '新能源'],
  brand_paths: flatten(brandTree),
  topic_paths: flatten(topicTree),
  brandPathsTree: [brandTree],
  topicPathsTree: [topicTree],
  mediaTypes: [
    { name: '新闻', code: 'news' },
    { name: '微博', code: 'microblog' },
    { name: '微信', code: 'wechat' },
    { name: '论坛', code: 'forum' },
    { name: '视频', code: 'video' },
    { name: '短视频', code: 'short_video' },
    { name: '笔记', code: 'note' },
    { name: '问答', code: 'qa' },
  ],
  highlight_keyword: '星河汽车\n星河S7',
  showDownloadJobList: true,
  loginTypes: ['pw', 'wx'],
  scene: '汽车',
  icp: '京ICP备00000000号',
});
