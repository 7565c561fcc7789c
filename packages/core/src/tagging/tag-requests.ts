import { z } from 'zod';
import { SENTIMENTS, TAG_TEXT_MAX_CHARS } from '../constants.js';

/** The tagging API's paths under /api/v1 (spec 7, and the rules editor's). */
export const TAGS_API = {
  reloadRules: '/tags-api/reload/rules',
  tagsNew: '/tags-api/tags_new',
  kg2: '/tags-api/kg2',
  rules: '/tags-api/rules',
  rulesCsv: '/tags-api/rules/csv',
  retag: '/tags-api/retag',
} as const;

/** The feeling a text shows towards what it talks about (spec 9's sentiments). */
export type Emotion = (typeof SENTIMENTS)[number];

/** Spec 8's answer to a reload. */
export const RULES_RELOADED = '重新加载规则成功';

/** A text to tag, at most TAG_TEXT_MAX_CHARS characters (spec 9 names no limit; see the constant). */
const taggedText = z
  .string()
  .max(TAG_TEXT_MAX_CHARS, `正文不能超过 ${TAG_TEXT_MAX_CHARS} 个字符，请删减后再标注`)
  .default('');
const content = {
  title: z.string().max(2000).default(''),
  text: taggedText,
  body: taggedText,
  media_type: z.string().max(64).default(''),
  media_platform: z.string().max(64).default(''),
  media: z.string().max(512).default(''),
};
const productName = z.string().trim().min(1).max(256);

/** Spec 5: content that is empty once trimmed is refused with 请输入内容. */
const hasContent = (request: { title: string; text: string; body: string }) =>
  `${request.title}${request.text}${request.body}`.trim() !== '';

/** A product the text names: who makes it, what it is. */
export const productInfo = z.object({
  brand: z.string(),
  category: z.string(),
  product_name: z.string(),
  product_type: z.string(),
});
export type ProductInfo = z.infer<typeof productInfo>;

/**
 * One mention of a product (spec 3's product row): in which sentence, and the index of the
 * topic row it is talked about with (-1 if none).
 */
export const productMentionInfo = productInfo.extend({
  sentence_index: z.number().int().min(0),
  topic_index: z.number().int().min(-1),
});
export type ProductMentionInfo = z.infer<typeof productMentionInfo>;

export const tagsNewRequest = z
  .object({ ...content, product_mentions: z.array(productName).max(1000).default([]) })
  .refine(hasContent, { message: '请输入内容', path: ['text'] });
export type TagsNewRequest = z.input<typeof tagsNewRequest>;

export const tagsNewAnswer = z.object({
  product_infos: z.array(productInfo),
  product_mentions: z.array(z.string()),
  product_mentions_infos: z.array(productMentionInfo),
});
export type TagsNewAnswer = z.infer<typeof tagsNewAnswer>;

export const kg2Request = z
  .object({
    ...content,
    product_infos: z.array(productInfo).max(1000).default([]),
    product_mentions: z.array(productName).max(1000).default([]),
    product_mentions_infos: z.array(productMentionInfo).max(10_000).default([]),
  })
  .refine(hasContent, { message: '请输入内容', path: ['text'] });
export type Kg2Request = z.input<typeof kg2Request>;

/** A topic the text talks about (spec 3's topic row), with the feeling words said of it. */
export const topicRow = z.object({
  topic: z.string(),
  topic_path: z.string(),
  topic_words: z.array(z.string()),
  sentiment_words: z.array(z.string()),
  score: z.number(),
  emotion: z.enum(SENTIMENTS),
});
export type TopicRow = z.infer<typeof topicRow>;

/**
 * A product and a topic said in one sentence (spec 3's relation row): `combination` joins
 * product, topic and feeling; `relations` names the relation rules it matches.
 */
export const relationRow = z.object({
  combination: z.string(),
  brand: z.string(),
  product_name: z.string(),
  topic: z.string(),
  emotion: z.enum(SENTIMENTS),
  sentence_index: z.number().int(),
  relations: z.array(z.string()),
});
export type RelationRow = z.infer<typeof relationRow>;

export const kg2Answer = z.object({ topics: z.array(topicRow), relations: z.array(relationRow) });
export type Kg2Answer = z.infer<typeof kg2Answer>;
