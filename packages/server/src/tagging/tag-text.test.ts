import { describe, expect, it } from 'vitest';
import { tagRules, type TagRulesInput } from '@yuqing/core';
import { compileMatcher } from './compile-matcher.js';
import { tagText } from './tag-text.js';
import { topicRows } from './topic-rows.js';

const rules: TagRulesInput = {
  brands: [{ name: '星河汽车', path: '/品牌/星河汽车', aliases: ['星河'] }],
  products: [
    { name: '星河S7', brand: '星河汽车', aliases: ['s7'] },
    { name: 'A6', brand: '星河汽车' },
  ],
  topics: [
    { name: '外观', path: '/话题/外观', words: ['外观设计'] },
    { name: '售后', path: '/话题/售后', words: ['售后服务'] },
    { name: '续航', path: '/话题/续航', words: [] },
  ],
  sentiments: [
    { word: '好', weight: 1 },
    { word: '好看', weight: 2 },
    { word: '差', weight: -2 },
    { word: '不错', weight: 2 },
  ],
  negations: ['不', '没有'],
};
const matcher = compileMatcher(tagRules.parse(rules));
const tag = (text: string) => tagText(matcher, { text });
const words = (text: string) => {
  const tags = tag(text);
  return [...tags.brands, ...tags.products, ...tags.topics, ...tags.sentiments]
    .sort((a, b) => a.begin - b.begin)
    .map((mention) => mention.word);
};

describe('tagText', () => {
  it('takes the leftmost, then longest word where rule words overlap', () => {
    expect(words('星河S7的外观设计不错')).toEqual(['星河s7', '外观设计', '不错']);
    expect(words('星河的售后服务差')).toEqual(['星河', '售后服务', '差']);
  });

  it('matches full-width and upper-case Latin forms', () => {
    expect(tag('Ｓ７和ａ６').products.map((m) => m.index)).toEqual([0, 1]);
  });

  it('rejects Latin aliases running into letters or digits, and short words inside longer words', () => {
    expect(tag('a66、ma6、s7x、bs7').products).toEqual([]);
    expect(tag('好像只好这样，差不多吧').sentiments).toEqual([]);
    expect(tag('外观很好看').sentiments.map((hit) => hit.word)).toEqual(['好看']);
    const later = tag('星河S7。A6，续航好像一般。外观很好看！好');
    expect(later.sentiments.map((hit) => [hit.word, hit.sentence])).toEqual([
      ['好看', 2],
      ['好', 3],
    ]);
  });

  it('flips a sentiment word a negation comes just before, in the same clause only', () => {
    const hits = (text: string) => tag(text).sentiments.map(({ word, weight }) => [word, weight]);
    expect(hits('外观不好看')).toEqual([['不好看', -2]]);
    expect(hits('续航没有想象中好')).toEqual([['没有想象中好', -1]]);
    expect(hits('外观不算很好看')).toEqual([['不算很好看', -2]]);
    expect(hits('不管怎样外观都好看')).toEqual([['好看', 2]]);
    expect(hits('不，外观好看')).toEqual([['好看', 2]]);
    expect(hits('外观不错')).toEqual([['不错', 2]]);
  });

  it("says a sentiment word of its clause's topics, else of the nearest topic of its sentence", () => {
    const rows = topicRows(matcher, tag('外观好看，续航差。售后服务差'));
    expect(rows.map((row) => [row.topic, row.score, row.emotion])).toEqual([
      ['外观', 2, '正面'],
      ['续航', -2, '负面'],
      ['售后', -2, '负面'],
    ]);
    expect(topicRows(matcher, tag('星河S7的续航，真的好看'))[0]).toMatchObject({
      topic: '续航',
      sentiment_words: ['好看'],
    });
  });

  it('numbers sentences over title, text and body, a body equal to the text once', () => {
    const tags = tagText(matcher, { title: '星河S7', text: 'A6外观', body: 'A6外观' });
    expect(tags.sentenceCount).toBe(2);
    expect(tags.products.map((m) => m.sentence)).toEqual([0, 1]);
  });
});
