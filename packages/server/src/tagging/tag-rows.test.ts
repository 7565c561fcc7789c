import type {
  ProductMentionInfo,
  RelationRow,
  RelationRule,
  TagRules,
  TagsNewAnswer,
  TopicRow,
} from '@yuqing/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoRules } from '../seed/demo-rules.js';
import { compileMatcher, type TagMatcher } from './compile-matcher.js';
import { emotionOf } from './emotion.js';
import { productInfoOf, productTags } from './product-tags.js';
import { relationRows } from './relation-rows.js';
import { tagText, type Mention, type TextTags } from './tag-text.js';
import { topicRowIndexes, topicRows } from './topic-rows.js';

/*
 * tags_new's and kg2's rows as they were built before each mention stopped looking through every
 * topic, brand and relation rule of the text (quadratic: a long text of one clause took seconds):
 * the oracle the rows must still agree with.
 */
function referenceTopicOfMention(topics: readonly Mention[], mention: Mention): number {
  const distance = (a: Mention, b: Mention) => Math.abs(a.begin - b.begin);
  let best = -1;
  for (let i = 0; i < topics.length; i++) {
    const topic = topics[i]!;
    if (topic.clause !== mention.clause) continue;
    if (best === -1 || distance(topic, mention) < distance(topics[best]!, mention)) best = i;
  }
  if (best !== -1) return best;
  let before = -1;
  let after = -1;
  for (let i = 0; i < topics.length; i++) {
    const topic = topics[i]!;
    if (topic.sentence !== mention.sentence) continue;
    if (topic.begin <= mention.begin) before = i;
    else if (after === -1) after = i;
  }
  return before !== -1 ? before : after;
}

function referenceProductTags(matcher: TagMatcher, tags: TextTags, known: readonly string[]) {
  const rowOfTopic = topicRowIndexes(tags);
  const product_mentions_infos: ProductMentionInfo[] = tags.products.map((mention) => {
    const topic = referenceTopicOfMention(tags.topics, mention);
    return {
      ...productInfoOf(matcher, mention.index),
      sentence_index: mention.sentence,
      topic_index: topic === -1 ? -1 : rowOfTopic[topic]!,
    };
  });
  const indexes = new Set(tags.products.map((mention) => mention.index));
  for (const name of known) {
    const index = matcher.productIndex.get(name);
    if (index !== undefined) indexes.add(index);
  }
  const product_infos = [...indexes].map((index) => productInfoOf(matcher, index));
  return {
    product_infos,
    product_mentions: [...new Set([...product_infos.map((info) => info.product_name), ...known])],
    product_mentions_infos,
  } satisfies TagsNewAnswer;
}

function referenceTopicRows(matcher: TagMatcher, tags: TextTags): TopicRow[] {
  const rowOfMention = topicRowIndexes(tags);
  const rows: TopicRow[] = [];
  tags.topics.forEach((mention, i) => {
    const rowIndex = rowOfMention[i]!;
    let row = rows[rowIndex];
    if (!row) {
      const topic = matcher.rules.topics[mention.index]!;
      row = rows[rowIndex] = {
        topic: topic.name,
        topic_path: topic.path,
        topic_words: [],
        sentiment_words: [],
        score: 0,
        emotion: '中性',
      };
    }
    if (!row.topic_words.includes(mention.word)) row.topic_words.push(mention.word);
    for (const word of mention.sentimentWords)
      if (!row.sentiment_words.includes(word)) row.sentiment_words.push(word);
    row.score += mention.score;
    row.emotion = emotionOf(row.score);
  });
  return rows;
}

interface Pairing {
  brand: string;
  product: string;
  sentence: number;
  row: number;
}

function referenceRelationRows(
  matcher: TagMatcher,
  tags: TextTags,
  topics: readonly TopicRow[],
  given: readonly ProductMentionInfo[],
): RelationRow[] {
  const rowOfMention = topicRowIndexes(tags);
  const rowOf = (mention: Mention) => {
    const topic = referenceTopicOfMention(tags.topics, mention);
    return topic === -1 ? -1 : rowOfMention[topic]!;
  };
  const products: Pairing[] =
    given.length > 0
      ? given.map((info) => ({
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
      (brand) => !products.some((p) => p.brand === brand.brand && p.sentence === brand.sentence),
    );
  const matches = (rule: RelationRule, pairing: Pairing, topic: string, emotion: string) =>
    (!rule.brand || rule.brand === pairing.brand) &&
    (!rule.product || rule.product === pairing.product) &&
    (!rule.topic || rule.topic === topic) &&
    (!rule.emotion || rule.emotion === emotion);
  const rows = new Map<string, RelationRow>();
  for (const pairing of [...products, ...brands]) {
    const topic = topics[pairing.row];
    if (!topic) continue;
    let score: number | undefined;
    tags.topics.forEach((mention, i) => {
      if (rowOfMention[i] === pairing.row && mention.sentence === pairing.sentence)
        score = (score ?? 0) + mention.score;
    });
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
      relations: matcher.rules.relations
        .filter((rule) => matches(rule, pairing, topic.topic, emotion))
        .map((rule) => rule.name),
    });
  }
  return [...rows.values()];
}

/** The demo rules with relation rules of every mix of empty and named fields. */
const rules: TagRules = {
  ...demoRules,
  relations: [
    ...demoRules.relations,
    { name: '任何', brand: '', product: '', topic: '', emotion: '' },
    { name: '星河续航', brand: '星河汽车', product: '', topic: '续航', emotion: '' },
    { name: 'S7续航好', brand: '星河汽车', product: '星河S7', topic: '续航', emotion: '正面' },
    { name: '负面', brand: '', product: '', topic: '', emotion: '负面' },
    { name: 'B5', brand: '', product: 'B5', topic: '', emotion: '' },
  ],
};

describe('tags_new and kg2 rows', () => {
  const matcher = compileMatcher(rules);
  const pieces = [...matcher.refs.keys(), ...'的了很不，。！？；、\n 车'];

  it('are built as they were before, for random texts of rule words and punctuation', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { maxLength: 60 }),
        fc.array(fc.constantFrom(...rules.products.map((p) => p.name), '某款新车'), {
          maxLength: 3,
        }),
        (parts, known) => {
          const tags = tagText(matcher, { text: parts.join('') });
          const answer = productTags(matcher, tags, known);
          expect(answer).toEqual(referenceProductTags(matcher, tags, known));
          const topics = topicRows(matcher, tags);
          expect(topics).toEqual(referenceTopicRows(matcher, tags));
          for (const given of [[], answer.product_mentions_infos]) {
            expect(relationRows(matcher, tags, topics, given)).toEqual(
              referenceRelationRows(matcher, tags, topics, given),
            );
          }
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('share one list of sentiment words among the topics of a clause', () => {
    // 5,000 topic words and as many feelings in one clause: each topic had its own list of 5,000
    // words (25 million entries, 9 s).
    const tags = tagText(matcher, { text: '续航满意'.repeat(5_000) });
    expect(tags.topics).toHaveLength(5_000);
    expect(new Set(tags.topics.map((topic) => topic.sentimentWords)).size).toBe(1);
    expect(tags.topics[0]!.sentimentWords).toHaveLength(5_000);
    expect(topicRows(matcher, tags)).toEqual([
      expect.objectContaining({ topic: '续航', sentiment_words: ['满意'], emotion: '正面' }),
    ]);
  });
});
