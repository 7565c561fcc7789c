/** Field names of posts that filters, groupings and sorts may name: the SQL whitelist. */

/** Single-valued text fields of a post itself. */
export const POST_TERM_FIELDS = [
  'media_type',
  'media_platform',
  'media_level',
  'media',
  'author',
  'tendency',
  'account_type',
  'province',
  'water_post',
  'retweeted',
] as const;

/**
 * What the tagger read in a post (spec 3's kg_infos group), named by their place in the post:
 * `kg_infos.emotion` is `post.kg_infos.emotion` (see field-values.ts).
 */
export const KG_TERM_FIELDS = ['kg_infos.emotion', 'kg_infos.main_topic'] as const;

/** Single-valued text fields a filter or a grouping may name. */
export const TERM_FIELDS = [...POST_TERM_FIELDS, ...KG_TERM_FIELDS] as const;
export type TermField = (typeof TERM_FIELDS)[number];

/** Path-list fields of a post itself. */
export const POST_PATH_FIELDS = [
  'topic_paths',
  'brand_paths',
  'content_region_paths',
  'post_type_paths',
  'tag_paths',
  'tag1_paths',
  'tag2_paths',
  'tag3_paths',
  'tag4_paths',
  'tag5_paths',
] as const;

/** The tagger's path lists, as KG_TERM_FIELDS. */
export const KG_PATH_FIELDS = [
  'kg_infos.category_paths',
  'kg_infos.brand_paths',
  'kg_infos.topic_paths',
] as const;
export type KgField = (typeof KG_TERM_FIELDS)[number] | (typeof KG_PATH_FIELDS)[number];

/** Path-list fields: a selected path matches itself and its descendants. */
export const PATH_FIELDS = [...POST_PATH_FIELDS, ...KG_PATH_FIELDS] as const;
export type PathField = (typeof PATH_FIELDS)[number];

export const FILTER_FIELDS = [...TERM_FIELDS, ...PATH_FIELDS] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

export const ENGAGEMENT_FIELDS = [
  'engagement_num',
  'repost_num',
  'like_num',
  'old_like_num',
  'reply_num',
  'comment_num',
  'collect_num',
  'read_num',
  'play_num',
  'share_num',
  'danmu_num',
  'coin_num',
] as const;
export type EngagementField = (typeof ENGAGEMENT_FIELDS)[number];

/** Aggregation value types (spec 9): volume counts posts, the others sum a measure. */
export const VALUE_TYPES = [
  'volume',
  'engagement_num',
  'repost_num',
  'comment_num',
  'like_num',
  'read_num',
  'zpz_num',
] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

/** Sorts of spec 9, as `field direction`. */
export const SORTS = [
  'created desc',
  'created asc',
  'engagement_num desc',
  'engagement_num asc',
  'rank desc',
  'comment_num desc',
  'like_num desc',
  'repost_num desc',
  'read_num desc',
] as const;
export type Sort = (typeof SORTS)[number];

export const INTERVALS = ['auto', 'hour', 'day', 'week', 'month', 'year'] as const;
export type Interval = (typeof INTERVALS)[number];

/** Chinese display names of the fields (spec 3, filter and dimension labels). */
export const FIELD_LABELS: Record<FilterField | 'q', string> = {
  q: '关键词',
  media_type: '媒体类型',
  media_platform: '媒体平台',
  media_level: '媒体级别',
  media: '媒体',
  author: '作者',
  tendency: '情感倾向',
  account_type: '账号类型',
  province: '省份',
  water_post: '水贴',
  retweeted: '转发',
  topic_paths: '话题',
  brand_paths: '品牌',
  content_region_paths: '内容地域',
  post_type_paths: '帖子类型',
  tag_paths: '标签',
  tag1_paths: '一级标签',
  tag2_paths: '二级标签',
  tag3_paths: '三级标签',
  tag4_paths: '四级标签',
  tag5_paths: '五级标签',
  'kg_infos.category_paths': '类目',
  'kg_infos.brand_paths': '知识图谱品牌',
  'kg_infos.topic_paths': '知识图谱话题',
  'kg_infos.emotion': '情感',
  'kg_infos.main_topic': '主话题',
};

export const VALUE_TYPE_LABELS: Record<ValueType, string> = {
  volume: '声量',
  engagement_num: '互动量',
  repost_num: '转发数',
  comment_num: '评论数',
  like_num: '点赞数',
  read_num: '阅读数',
  zpz_num: '转评赞',
};

export const INTERVAL_LABELS: Record<Interval, string> = {
  auto: '自动',
  hour: '小时',
  day: '天',
  week: '周',
  month: '月',
  year: '年',
};

export const SORT_LABELS: Record<Sort, string> = {
  'created desc': '最新发布',
  'created asc': '最早发布',
  'engagement_num desc': '互动量从高到低',
  'engagement_num asc': '互动量从低到高',
  'rank desc': '相关度',
  'comment_num desc': '评论数最多',
  'like_num desc': '点赞数最多',
  'repost_num desc': '转发数最多',
  'read_num desc': '阅读数最多',
};
