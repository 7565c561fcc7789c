import type { ProductMentionInfo, RelationRow, RelationRule, TopicRow } from '@yuqing/core';
import type { TagMatcher } from './compile-matcher.js';
import { emotionOf } from './emotion.js';
import { topicOfMention, type TextTags } from './tag-text.js';
import { topicRowIndexes } from './topic-rows.js';

/** A product or brand said with a topic row in a sentence. */
interface Pairing {
  brand: string;
  product: string;
  sentence: number;
  row: number;
}

/**
 * kg2's relation rows: each product mention (those given, else those found) and each brand named
 * without one of its products in the sentence, with the topic it is talked about with, the feeling of that topic in that
 * sentence (else the topic's), and the relation rules the combination matches. Once per
 * combination and sentence.
 */
export function relationRows(
  matcher: TagMatcher,
  tags: TextTags,
  topics: readonly TopicRow[],
  givenMentions: readonly ProductMentionInfo[],
): RelationRow[] {
  const rowOfMention = topicRowIndexes(tags);
  const rowOf = (mention: TextTags['products'][number]) => {
    const topic = topicOfMention(tags.topics, mention);
    return topic === -1 ? -1 : rowOfMention[topic]!;
  };
  const products: Pairing[] =
    givenMentions.length > 0
      ? givenMentions.map((info) => ({
          brand: info.brand,
          product: info.product_name,
          sentence: info.sentence_index,
          row: info.topic_index,
        }))
      : tags.products.map((mention) => {
          const product = matcher.rules.products[mention.index]!;
          return {
            brand: product.brand,
            product: product.name,
            sentence: mention.sentence,
            row: rowOf(mention),
          };
        });
  const brands: Pairing[] = tags.brands
    .map((mention) => ({
      brand: matcher.rules.brands[mention.index]!.name,
      product: '',
      sentence: mention.sentence,
      row: rowOf(mention),
    }))
    .filter(
      (brand) =>
        !products.some(
          (pairing) => pairing.brand === brand.brand && pairing.sentence === brand.sentence,
        ),
    );

  const rows = new Map<string, RelationRow>();
  for (const pairing of [...products, ...brands]) {
    const topic = topics[pairing.row];
    if (!topic) continue;
    const emotion = emotionInSentence(tags, rowOfMention, pairing) ?? topic.emotion;
    const combination = [pairing.product || pairing.brand, topic.topic, emotion].join('-');
    const key = `${combination}\u0000${pairing.sentence}`;
    if (rows.has(key)) continue;
    rows.set(key, {
      combination,
      brand: pairing.brand,
      product_name: pairing.product,
      topic: topic.topic,
      emotion,
      sentence_index: pairing.sentence,
      relations: matcher.rules.relations
        .filter((rule) => matches(rule, pairing, topic.topic, emotion))
        .map((rule) => rule.name),
    });
  }
  return [...rows.values()];
}

function emotionInSentence(tags: TextTags, rowOfMention: readonly number[], pairing: Pairing) {
  let score: number | undefined;
  tags.topics.forEach((mention, i) => {
    if (rowOfMention[i] === pairing.row && mention.sentence === pairing.sentence)
      score = (score ?? 0) + mention.score;
  });
  return score === undefined ? undefined : emotionOf(score);
}

function matches(rule: RelationRule, pairing: Pairing, topic: string, emotion: string): boolean {
  return (
    (!rule.brand || rule.brand === pairing.brand) &&
    (!rule.product || rule.product === pairing.product) &&
    (!rule.topic || rule.topic === topic) &&
    (!rule.emotion || rule.emotion === emotion)
  );
}
