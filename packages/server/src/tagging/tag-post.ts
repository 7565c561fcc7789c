import type { KgInfos, ProductInfo, TagRules } from '@yuqing/core';
import type { TagMatcher } from './compile-matcher.js';
import { emotionOf } from './emotion.js';
import { normalise } from './normalise.js';
import { productInfoOf } from './product-tags.js';
import {
  joinContent,
  scanRules,
  type FoundKind,
  type RuleVisitor,
  type TagContent,
} from './tag-text.js';

/** What the import pipeline stores of a post's tags. */
export interface PostTags {
  kg_infos: KgInfos;
  product_mentions: string[];
  product_infos: ProductInfo[];
}

/** What tagPost keeps of the rules found: indexes in order of appearance, and the feeling. */
class PostCollector implements RuleVisitor {
  readonly products: number[] = [];
  readonly brands: number[] = [];
  readonly categories: number[] = [];
  readonly topics: number[] = [];
  sentiments = 0;
  score = 0;

  constructor(private readonly rules: TagRules) {}

  rule(kind: FoundKind, index: number) {
    if (kind === 'product') this.products.push(index);
    else if (kind === 'brand') this.brands.push(index);
    else if (kind === 'category') this.categories.push(index);
    else this.topics.push(index);
  }

  sentiment(
    index: number,
    _begin: number,
    _end: number,
    _sentence: number,
    _clause: number,
    _word: string,
    negationBegin: number,
  ) {
    const weight = this.rules.sentiments[index]!.weight;
    this.score += negationBegin === -1 ? weight : -weight;
    this.sentiments++;
  }
}

/**
 * A post's tags for the import pipeline. Paths are leaves: a product's under its brand, a brand
 * only when none of its products is named; a product's category counts as named. The emotion
 * sums every sentiment word (中性 when they cancel or when only rules without feeling are found,
 * '' when nothing is); the main topic is the one mentioned most, the earliest of a tie. The rules
 * are found as tagText finds them, without building its mentions.
 */
export function tagPost(matcher: TagMatcher, content: TagContent): PostTags {
  const { rules } = matcher;
  const found = new PostCollector(rules);
  scanRules(matcher, normalise(joinContent(content)), found);
  const productIndexes = [...new Set(found.products)];
  const products = productIndexes.map((index) => rules.products[index]!);
  const namedBrands = new Set(products.map((product) => product.brand));

  const brandPaths = new Set(products.map((product) => matcher.productPaths.get(product.name)!));
  for (const index of found.brands) {
    const brand = rules.brands[index]!;
    if (!namedBrands.has(brand.name)) brandPaths.add(brand.path);
  }
  const categoryPaths = new Set(found.categories.map((index) => rules.categories[index]!.path));
  for (const product of products) {
    const path = product.category && matcher.categoryPaths.get(product.category);
    if (path) categoryPaths.add(path);
  }

  const topicCounts = new Map<number, number>();
  for (const index of found.topics) topicCounts.set(index, (topicCounts.get(index) ?? 0) + 1);
  let mainTopic = -1;
  for (const [index, count] of topicCounts)
    if (mainTopic === -1 || count > topicCounts.get(mainTopic)!) mainTopic = index;

  const mentions =
    found.products.length + found.brands.length + found.categories.length + found.topics.length;
  return {
    kg_infos: {
      category_paths: [...categoryPaths],
      brand_paths: [...brandPaths],
      topic_paths: [...topicCounts.keys()].map((index) => rules.topics[index]!.path),
      emotion: mentions + found.sentiments > 0 ? emotionOf(found.score) : '',
      main_topic: mainTopic === -1 ? '' : rules.topics[mainTopic]!.name,
    },
    product_mentions: products.map((product) => product.name),
    product_infos: productIndexes.map((index) => productInfoOf(matcher, index)),
  };
}
