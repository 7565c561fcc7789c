import { z } from 'zod';
import { ACCOUNT_TYPES, MEDIA_LEVELS, SENTIMENTS } from '../constants.js';
import { ENGAGEMENT_FIELDS, POST_PATH_FIELDS } from './fields.js';

const count = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const optionalText = z.string().max(200_000).optional();
const looseObject = z.record(z.string(), z.unknown());

/** A path such as `/品牌/星河汽车`: absolute, no empty segments, no trailing slash. */
export const pathValue = z.string().regex(/^(\/[^/]+)+$/, '路径必须形如 /一级/二级');

/**
 * What the tagger reads in a post (spec 3, kg_infos): the category, brand and topic paths it
 * mentions, the feeling towards them and the main topic. Paths are leaf paths; engines store their
 * ancestors as for the other path fields.
 */
export const kgInfos = z
  .object({
    category_paths: z.array(pathValue).default([]),
    brand_paths: z.array(pathValue).default([]),
    topic_paths: z.array(pathValue).default([]),
    emotion: z.enum(SENTIMENTS).or(z.literal('')).default(''),
    main_topic: z.string().max(256).default(''),
  })
  .loose();
export type KgInfos = z.infer<typeof kgInfos>;

export const postUser = z
  .object({
    profile_image_url: z.string().optional(),
    avatar_large: z.string().optional(),
    followers_count: count.optional(),
    description: z.string().optional(),
    biz: z.string().optional(),
    screen_name: z.string().optional(),
    v_name: z.string().optional(),
    gender: z.string().optional(),
  })
  .loose();

const engagement = Object.fromEntries(
  ENGAGEMENT_FIELDS.map((field) => [field, count.default(0)]),
) as {
  [K in (typeof ENGAGEMENT_FIELDS)[number]]: z.ZodDefault<typeof count>;
};
/**
 * The post a near duplicate repeats, as the server lists it beside the duplicate (never imported):
 * enough for an analyst to check the mark.
 */
export const duplicateSource = z.object({
  _id: z.string(),
  author: z.string(),
  created: z.number(),
  uri: z.string(),
  media_platform: z.string(),
});
export type DuplicateSource = z.infer<typeof duplicateSource>;

const paths = Object.fromEntries(
  POST_PATH_FIELDS.map((field) => [field, z.array(pathValue).default([])]),
) as { [K in (typeof POST_PATH_FIELDS)[number]]: z.ZodDefault<z.ZodArray<typeof pathValue>> };

/**
 * The spec's Article/post entity as stored and answered. `created` is epoch milliseconds.
 * Enrichment fills tendency, tokens, water_post and province when an import leaves them out.
 */
export const post = z.object({
  _id: z.string().min(1).max(256),
  uri: z.string().max(4096).default(''),
  author: z.string().max(512).default(''),
  created: z.number().int(),
  media: z.string().max(512).default(''),
  media_type: z.string().max(64).default(''),
  media_platform: z.string().max(64).default(''),
  media_level: z.enum(MEDIA_LEVELS).or(z.literal('')).default(''),
  account_type: z.enum(ACCOUNT_TYPES).or(z.literal('')).default(''),
  tendency: z.enum(SENTIMENTS).or(z.literal('')).default(''),
  province: z.string().max(32).default(''),
  water_post: z.enum(['YES', 'NO']).default('NO'),
  /**
   * Why water_post is YES, when an import found it: the _id of the earlier post it repeats and
   * how close they are (0–1, the Jaccard of their content's bigrams). Imports decide these; a
   * row's own are dropped.
   */
  duplicate_of: z.string().max(256).optional(),
  duplicate_similarity: z.number().min(0).max(1).optional(),
  /** The post `duplicate_of` names, as listed beside it (post lists only). */
  duplicate_source: duplicateSource.optional(),
  retweeted: z.enum(['YES', 'NO']).default('NO'),
  summary: optionalText,
  title: z.string().max(2000).default(''),
  text: z.string().max(200_000).default(''),
  body: z.string().max(200_000).default(''),
  user: postUser.optional(),
  imgs: z.array(z.string()).default([]),
  pic_urls: z.array(z.object({ thumbnail_pic: z.string() }).loose()).default([]),
  retweeted_status: looseObject.optional(),
  rel: z.string().optional(),
  rel_num: count.optional(),
  product_mentions: z.array(z.unknown()).optional(),
  product_infos: z.array(z.unknown()).optional(),
  comment_infos: z.array(z.unknown()).optional(),
  kg_infos: kgInfos.optional(),
  hash_tag: z.array(z.string()).default([]),
  location: z.string().max(256).optional(),
  ...engagement,
  ...paths,
});
export type Post = z.infer<typeof post>;
