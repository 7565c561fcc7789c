import type { ProductInfo, ProductMentionInfo, TagsNewAnswer } from '@yuqing/core';
import type { TagMatcher } from './compile-matcher.js';
import { topicOfMention, type TextTags } from './tag-text.js';
import { topicRowIndexes } from './topic-rows.js';

/** A product rule as a product row. */
export function productInfoOf(matcher: TagMatcher, index: number): ProductInfo {
  const product = matcher.rules.products[index]!;
  return {
    brand: product.brand,
    category: product.category,
    product_name: product.name,
    product_type: product.type,
  };
}

/**
 * tags_new's answer: the products the text names (and those the caller already knew of, if the
 * rules know them), each once; names the rules do not know are kept in product_mentions; and every mention with its sentence and topic row.
 */
export function productTags(
  matcher: TagMatcher,
  tags: TextTags,
  knownNames: readonly string[] = [],
): TagsNewAnswer {
  const rowOfTopic = topicRowIndexes(tags);
  const product_mentions_infos: ProductMentionInfo[] = tags.products.map((mention) => {
    const topic = topicOfMention(tags.topics, mention);
    return {
      ...productInfoOf(matcher, mention.index),
      sentence_index: mention.sentence,
      topic_index: topic === -1 ? -1 : rowOfTopic[topic]!,
    };
  });
  const indexes = new Set(tags.products.map((mention) => mention.index));
  for (const name of knownNames) {
    const index = matcher.productIndex.get(name);
    if (index !== undefined) indexes.add(index);
  }
  const product_infos = [...indexes].map((index) => productInfoOf(matcher, index));
  return {
    product_infos,
    product_mentions: [
      ...new Set([...product_infos.map((info) => info.product_name), ...knownNames]),
    ],
    product_mentions_infos,
  };
}
