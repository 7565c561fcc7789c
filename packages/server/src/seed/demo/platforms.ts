import type { ACCOUNT_TYPES, MEDIA_LEVELS, MEDIA_PLATFORMS } from '@yuqing/core';

export type Platform = (typeof MEDIA_PLATFORMS)[number];
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export type MediaLevel = (typeof MEDIA_LEVELS)[number];

/** How a platform's posts are written: with or without a title, long or short. */
export type Format = 'microblog' | 'article' | 'short' | 'video' | 'note' | 'forum' | 'qa';

/** A news site of the demo. The outlets are invented, so no real newsroom is quoted. */
export interface Outlet {
  name: string;
  level: MediaLevel;
  host: string;
  accountType: AccountType;
  /** For a brand's own site. */
  brand?: string;
}

export interface PlatformProfile {
  platform: Platform;
  /** Share of all posts, in percent. */
  share: number;
  /** A media type code of the demo profile. */
  mediaType: string;
  format: Format;
  /** The apps, forums or sites posts appear on. */
  medias: readonly string[];
  /** Mix of the generated accounts (named accounts come on top). */
  accountTypes: readonly (readonly [AccountType, number])[];
  /** How many images a post carries, with weights. */
  images: readonly (readonly [number, number])[];
}

export const OUTLETS: readonly Outlet[] = [
  { name: '华夏日报', level: 'A', host: 'huaxia-daily', accountType: 'PGC' },
  { name: '中华新闻网', level: 'A', host: 'zhonghua-news', accountType: 'PGC' },
  { name: '国家广播新闻', level: 'A', host: 'guobo-news', accountType: 'PGC' },
  { name: '京城晚报', level: 'B', host: 'jingcheng-evening', accountType: 'PGC' },
  { name: '南方都市时报', level: 'B', host: 'nanfang-metro', accountType: 'PGC' },
  { name: '汽车之窗', level: 'B', host: 'autowindow', accountType: 'PGC' },
  { name: '财经观察报', level: 'B', host: 'caijing-observer', accountType: 'PGC' },
  { name: '潮涌新闻', level: 'B', host: 'chaoyong-news', accountType: 'PGC' },
  { name: '易车资讯', level: 'C', host: 'yiche-info', accountType: 'PGC' },
  { name: '电动车网', level: 'C', host: 'ev-net', accountType: 'PGC' },
  { name: '汽车质量网', level: 'C', host: 'auto-quality', accountType: 'PGC' },
  { name: '科技前线', level: 'C', host: 'tech-front', accountType: 'PGC' },
  { name: '城市晨报', level: 'C', host: 'city-morning', accountType: 'PGC' },
  { name: '中原汽车网', level: 'D', host: 'zhongyuan-auto', accountType: 'PGC' },
  { name: '巴渝车讯', level: 'D', host: 'bayu-auto', accountType: 'PGC' },
  { name: '湘江车闻', level: 'D', host: 'xiangjiang-auto', accountType: 'PGC' },
  { name: '车友快讯', level: 'E', host: 'cheyou-news', accountType: 'PGC' },
  { name: '小城车事', level: 'E', host: 'xiaocheng-auto', accountType: 'PGC' },
  { name: '每日车闻聚合', level: 'O', host: 'daily-auto-digest', accountType: 'PGC' },
  { name: '车讯转载站', level: 'O', host: 'auto-repost', accountType: 'PGC' },
  { name: '星河汽车官网', level: 'C', host: 'xinghe-auto', accountType: 'BGC', brand: '星河汽车' },
  { name: '竞品A官网', level: 'C', host: 'rival-a', accountType: 'BGC', brand: '竞品A' },
  { name: '竞品B官网', level: 'C', host: 'rival-b', accountType: 'BGC', brand: '竞品B' },
];

const SHORT_VIDEO_IMAGES = [[1, 1]] as const;

export const PLATFORMS: readonly PlatformProfile[] = [
  {
    platform: 'Weibo',
    share: 30,
    mediaType: 'microblog',
    format: 'microblog',
    medias: ['微博'],
    accountTypes: [
      ['UGC', 85],
      ['PGC', 10],
      ['BGC', 5],
    ],
    images: [
      [0, 45],
      [1, 20],
      [2, 5],
      [3, 8],
      [4, 6],
      [6, 6],
      [9, 10],
    ],
  },
  {
    platform: 'Douyin',
    share: 14,
    mediaType: 'short_video',
    format: 'short',
    medias: ['抖音'],
    accountTypes: [
      ['UGC', 80],
      ['PGC', 12],
      ['BGC', 8],
    ],
    images: SHORT_VIDEO_IMAGES,
  },
  {
    platform: 'APP',
    share: 10,
    mediaType: 'news',
    format: 'article',
    medias: ['今日头条', '腾讯新闻', '网易新闻', '新浪新闻', '搜狐新闻', '懂车帝', '汽车之家'],
    accountTypes: [
      ['PGC', 70],
      ['UGC', 20],
      ['BGC', 10],
    ],
    images: [
      [0, 30],
      [1, 45],
      [3, 25],
    ],
  },
  {
    platform: 'WeChat',
    share: 9,
    mediaType: 'wechat',
    format: 'article',
    medias: ['微信'],
    accountTypes: [
      ['PGC', 60],
      ['BGC', 20],
      ['UGC', 20],
    ],
    images: [[1, 1]],
  },
  {
    platform: 'Web',
    share: 8,
    mediaType: 'news',
    format: 'article',
    medias: OUTLETS.map((outlet) => outlet.name),
    accountTypes: [],
    images: [
      [0, 40],
      [1, 40],
      [2, 10],
      [3, 10],
    ],
  },
  {
    platform: 'Red',
    share: 7,
    mediaType: 'note',
    format: 'note',
    medias: ['小红书'],
    accountTypes: [
      ['UGC', 88],
      ['PGC', 8],
      ['BGC', 4],
    ],
    images: [
      [1, 25],
      [2, 10],
      [3, 15],
      [4, 15],
      [6, 15],
      [9, 20],
    ],
  },
  {
    platform: 'BBS',
    share: 7,
    mediaType: 'forum',
    format: 'forum',
    medias: ['汽车之家论坛', '懂车帝社区', '易车社区', '百度贴吧'],
    accountTypes: [
      ['UGC', 96],
      ['BGC', 4],
    ],
    images: [
      [0, 50],
      [1, 15],
      [2, 10],
      [3, 10],
      [6, 10],
      [9, 5],
    ],
  },
  {
    platform: 'Kuaishou',
    share: 5,
    mediaType: 'short_video',
    format: 'short',
    medias: ['快手'],
    accountTypes: [
      ['UGC', 85],
      ['PGC', 10],
      ['BGC', 5],
    ],
    images: SHORT_VIDEO_IMAGES,
  },
  {
    platform: 'Bilibili',
    share: 4,
    mediaType: 'video',
    format: 'video',
    medias: ['哔哩哔哩'],
    accountTypes: [
      ['UGC', 75],
      ['PGC', 22],
      ['BGC', 3],
    ],
    images: SHORT_VIDEO_IMAGES,
  },
  {
    platform: 'QA',
    share: 4,
    mediaType: 'qa',
    format: 'qa',
    medias: ['知乎', '百度知道'],
    accountTypes: [
      ['UGC', 88],
      ['PGC', 12],
    ],
    images: [
      [0, 80],
      [1, 15],
      [3, 5],
    ],
  },
  {
    platform: 'Dewu',
    share: 2,
    mediaType: 'note',
    format: 'note',
    medias: ['得物'],
    accountTypes: [
      ['UGC', 95],
      ['BGC', 5],
    ],
    images: [
      [1, 30],
      [2, 20],
      [3, 25],
      [4, 15],
      [6, 10],
    ],
  },
];

/** A link of the platform's shape; `key` is unique per post. Invented outlets use `.example`. */
export function postUri(platform: Platform, media: string, key: string, accountId: number): string {
  switch (platform) {
    case 'Weibo':
      return `https://weibo.com/${accountId}/${key}`;
    case 'WeChat':
      return `https://mp.weixin.qq.com/s/${key}`;
    case 'Douyin':
      return `https://www.douyin.com/video/${key}`;
    case 'Kuaishou':
      return `https://www.kuaishou.com/short-video/${key}`;
    case 'Bilibili':
      return `https://www.bilibili.com/video/BV${key}`;
    case 'Red':
      return `https://www.xiaohongshu.com/explore/${key}`;
    case 'Dewu':
      return `https://www.dewu.com/community/${key}`;
    case 'QA':
      return media === '知乎'
        ? `https://www.zhihu.com/question/${accountId}/answer/${key}`
        : `https://zhidao.baidu.com/question/${key}.html`;
    case 'BBS':
      return `https://bbs.example/${encodeURIComponent(media)}/thread-${key}.html`;
    case 'APP':
      return `https://app.example/${encodeURIComponent(media)}/article/${key}`;
    case 'Web': {
      const host = OUTLETS.find((outlet) => outlet.name === media)?.host ?? 'news';
      return `https://${host}.example/news/${key}.html`;
    }
  }
}
