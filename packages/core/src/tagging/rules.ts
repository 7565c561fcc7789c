import { z } from 'zod';
import { SENTIMENTS } from '../constants.js';
import { pathValue } from '../posts/post.js';

/** Rule words are matched after normalisation (NFKC, lower case); longer ones are phrases. */
export const RULE_WORD_MAX = 64;
const word = z
  .string()
  .trim()
  .min(1, '不能为空')
  .max(RULE_WORD_MAX, `不能超过 ${RULE_WORD_MAX} 个字符`);
const optionalName = z.string().trim().max(RULE_WORD_MAX).default('');
const words = z.array(word).max(200, '最多 200 个词').default([]);
const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item).max(max, `最多 ${max} 条`).default([]);

export const brandRule = z.object({ name: word, path: pathValue, aliases: words });
export const categoryRule = z.object({ name: word, path: pathValue, aliases: words });
/** A product's path is its brand's path and its name, as the brand tree's leaves are. */
export const productRule = z.object({
  name: word,
  type: optionalName,
  brand: word,
  category: optionalName,
  aliases: words,
});
/** A topic's path is a leaf of the project's topic tree; its words are what posts say of it. */
export const topicRule = z.object({ name: word, path: pathValue, words });
export const sentimentRule = z.object({
  word,
  weight: z
    .number()
    .min(-10, '不能小于 -10')
    .max(10, '不能大于 10')
    .refine((weight) => weight !== 0, '不能为 0'),
});
/**
 * A combination worth naming: a product (or any product of a brand) talked about with a topic,
 * optionally with a feeling. An empty field matches anything.
 */
export const relationRule = z.object({
  name: word,
  brand: optionalName,
  product: optionalName,
  topic: optionalName,
  emotion: z.enum(SENTIMENTS).or(z.literal('')).default(''),
});

export type BrandRule = z.infer<typeof brandRule>;
export type CategoryRule = z.infer<typeof categoryRule>;
export type ProductRule = z.infer<typeof productRule>;
export type TopicRule = z.infer<typeof topicRule>;
export type SentimentRule = z.infer<typeof sentimentRule>;
export type RelationRule = z.infer<typeof relationRule>;

/** A project's tagging rules, as stored and as the rules editor reads and replaces them. */
export const tagRules = z
  .object({
    brands: list(brandRule, 10_000),
    categories: list(categoryRule, 10_000),
    products: list(productRule, 200_000),
    topics: list(topicRule, 10_000),
    sentiments: list(sentimentRule, 50_000),
    negations: list(word, 1_000),
    relations: list(relationRule, 10_000),
  })
  .superRefine((rules, context) => {
    const brands = new Set(rules.brands.map((brand) => brand.name));
    const categories = new Set(rules.categories.map((category) => category.name));
    const products = new Set(rules.products.map((product) => product.name));
    const topics = new Set(rules.topics.map((topic) => topic.name));
    const unknown = (path: (string | number)[], message: string) =>
      context.addIssue({ code: 'custom', path, message });
    rules.products.forEach((product, index) => {
      if (!brands.has(product.brand))
        unknown(['products', index, 'brand'], `品牌 ${product.brand} 不在品牌规则中`);
      if (product.category && !categories.has(product.category))
        unknown(['products', index, 'category'], `品类 ${product.category} 不在品类规则中`);
    });
    rules.relations.forEach((relation, index) => {
      if (relation.brand && !brands.has(relation.brand))
        unknown(['relations', index, 'brand'], `品牌 ${relation.brand} 不在品牌规则中`);
      if (relation.product && !products.has(relation.product))
        unknown(['relations', index, 'product'], `产品 ${relation.product} 不在产品规则中`);
      if (relation.topic && !topics.has(relation.topic))
        unknown(['relations', index, 'topic'], `话题 ${relation.topic} 不在话题规则中`);
    });
  });
export type TagRules = z.infer<typeof tagRules>;
export type TagRulesInput = z.input<typeof tagRules>;

export const emptyTagRules = (): TagRules => tagRules.parse({});

/** The rules as the editor reads them, with when and by whom they were last replaced. */
export const storedTagRules = z.object({
  rules: tagRules,
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type StoredTagRules = z.infer<typeof storedTagRules>;
