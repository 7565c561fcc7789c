/** The tagging tool's media types (spec 9), with the names its form shows. */
export const TAGGING_MEDIA_TYPES = [
  { value: 'microblog', label: '微博' },
  { value: 'app', label: '新闻客户端' },
  { value: 'wechat', label: '微信公众号' },
  { value: 'short', label: '短视频' },
  { value: 'web', label: '网页' },
  { value: 'comment', label: '评论' },
  { value: 'product', label: '商品' },
] as const;

/** The tagging tool's platforms (spec 9); their names are the product's platform names. */
export const TAGGING_PLATFORMS = [
  'WeChat',
  'Weibo',
  'Red',
  'Kuaishou',
  'Douyin',
  'Bilibili',
  'Dewu',
] as const;

/** Spec 5's warnings of the tagging tool. */
export const TAGGING_WARNINGS = {
  noContent: '请输入内容',
  noTextType: '前选择要分析的文本类型',
} as const;
