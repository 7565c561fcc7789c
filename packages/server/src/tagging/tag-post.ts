import type { KgInfos, ProductInfo } from '@yuqing/core';
import type { TagMatcher } from './compile-matcher.js';
import { emotionOf } from './emotion.js';
import { productInfoOf } from './product-tags.js';
import { tagText, type TagContent } from './tag-text.js';

/** What the import pipeline stores of a post's tags. */
export interface PostTags {
  kg_infos: KgInfos;
  product_mentions: string[];
  product_infos: ProductInfo[];
}

/**
 * A post's tags for the import pipeline. Paths are leaves: a product's under its brand, a brand
 * only when none of its products is named; a product's category counts as named. The emotion
 * sums every sentiment word (中性 when they cancel or when only rules without feeling are found,
 * '' when nothing is); the main topic is the one mentioned most, the earliest of a tie.
 */
export function tagPost(matcher: TagMatcher, content: TagContent): PostTags {
  const tags = tagText(matcher, content);
  const { rules } = matcher;
  const productIndexes = [...new Set(tags.products.map((mention) => mention.index))];
  const products = productIndexes.map((index) => rules.products[index]!);
  const namedBrands = new Set(products.map((product) => product.brand));

  const brandPaths = new Set(products.map((product) => matcher.productPaths.get(product.name)!));
  for (const mention of tags.brands) {
    const brand = rules.brands[mention.index]!;
    if (!namedBrands.has(brand.name)) brandPaths.add(brand.path);
  }
  const categoryPaths = new Set(tags.categories.map((m) => rules.categories[m.index]!.path));
  for (const product of products) {
    const path = product.category && matcher.categoryPaths.get(product.category);
    if (path) categoryPaths.add(path);
  }

  const topicCounts = new Map<number, number>();
  for (const mention of tags.topics)
    topicCounts.set(mention.index, (topicCounts.get(mention.index) ?? 0) + 1);
  let mainTopic = -1;
  for (const [index, count] of topicCounts)
    if (mainTopic === -1 || count > topicCounts.get(mainTopic)!) mainTopic = index;

  const found =
    tags.products.length + tags.brands.length + tags.categories.length + tags.topics.length;
  const score = tags.sentiments.reduce((sum, hit) => sum + hit.weight, 0);
  return {
    kg_infos: {
      category_paths: [...categoryPaths],
      brand_paths: [...brandPaths],
      topic_paths: [...topicCounts.keys()].map((index) => rules.topics[index]!.path),
      emotion: found + tags.sentiments.length > 0 ? emotionOf(score) : '',
      main_topic: mainTopic === -1 ? '' : rules.topics[mainTopic]!.name,
    },
    product_mentions: products.map((product) => product.name),
    product_infos: productIndexes.map((index) => productInfoOf(matcher, index)),
  };
}
