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
  const brandInSentence = (brand: string, sentence: number) => `${brand}\u0000${sentence}`;
  const productBrands = new Set(
    products.map((pairing) => brandInSentence(pairing.brand, pairing.sentence)),
  );
  const brands: Pairing[] = tags.brands
    .map((mention) => ({
      brand: matcher.rules.brands[mention.index]!.name,
      product: '',
      sentence: mention.sentence,
      row: rowOf(mention),
    }))
    .filter((brand) => !productBrands.has(brandInSentence(brand.brand, brand.sentence)));

  const scores = rowScoresBySentence(tags, rowOfMention);
  const rules = relationRuleIndex(matcher);
  const rows = new Map<string, RelationRow>();
  for (const pairing of [...products, ...brands]) {
    const topic = topics[pairing.row];
    if (!topic) continue;
    const score = scores.get(rowInSentence(pairing.row, pairing.sentence));
    const emotion = score === undefined ? topic.emotion : emotionOf(score);
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
      relations: matchingRules(matcher, rules, pairing, topic.topic, emotion),
    });
  }
  return [...rows.values()];
}

const rowInSentence = (row: number, sentence: number) => `${row}\u0000${sentence}`;

/** The summed score of each topic row's mentions in each sentence, summed in text order. */
function rowScoresBySentence(tags: TextTags, rowOfMention: readonly number[]) {
  const scores = new Map<string, number>();
  tags.topics.forEach((mention, i) => {
    const key = rowInSentence(rowOfMention[i]!, mention.sentence);
    scores.set(key, (scores.get(key) ?? 0) + mention.score);
  });
  return scores;
}

const ruleKey = (brand: string, product: string, topic: string, emotion: string) =>
  [brand, product, topic, emotion].join('\u0000');

/** Relation rules by their four fields ('' for any): a combination looks up 16 keys, not every rule. */
const ruleIndexes = new WeakMap<TagMatcher, Map<string, number[]>>();

function relationRuleIndex(matcher: TagMatcher): Map<string, number[]> {
  let index = ruleIndexes.get(matcher);
  if (!index) {
    index = new Map();
    matcher.rules.relations.forEach((rule: RelationRule, i) => {
      const key = ruleKey(rule.brand, rule.product, rule.topic, rule.emotion);
      const list = index!.get(key);
      if (list) list.push(i);
      else index!.set(key, [i]);
    });
    ruleIndexes.set(matcher, index);
  }
  return index;
}

/**
 * The names of the relation rules a combination matches, in the rules' order: each of a rule's
 * fields empty or equal to the combination's.
 */
function matchingRules(
  matcher: TagMatcher,
  index: Map<string, number[]>,
  pairing: Pairing,
  topic: string,
  emotion: string,
): string[] {
  const found = new Set<number>();
  for (const brand of new Set(['', pairing.brand]))
    for (const product of new Set(['', pairing.product]))
      for (const ruleTopic of new Set(['', topic]))
        for (const ruleEmotion of new Set(['', emotion]))
          for (const i of index.get(ruleKey(brand, product, ruleTopic, ruleEmotion)) ?? [])
            found.add(i);
  return [...found].sort((a, b) => a - b).map((i) => matcher.rules.relations[i]!.name);
}
