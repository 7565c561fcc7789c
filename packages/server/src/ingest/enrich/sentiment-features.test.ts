import { describe, expect, it } from 'vitest';
import { CHAIN_WEIGHT, featureSlot, postParts, sentimentFeatures } from './sentiment-features.js';

/** The value of each named feature in a text (0 when absent). */
const valueOf = (text: string, ...names: string[]) => {
  const features = sentimentFeatures(text);
  const values = new Map<number, number>();
  for (let i = 0; i < features.count; i++) values.set(features.ids[i]!, features.values[i]!);
  return names.map((name) => values.get(featureSlot(name)) ?? 0);
};

describe('postParts', () => {
  it('keeps a post without a chain whole', () => {
    expect(postParts('今天天气真好')).toEqual([{ text: '今天天气真好', weight: 1 }]);
  });

  it('weighs the author’s words before a repost chain fully and the chain less', () => {
    expect(postParts('说得对//@张三:太差了//@李四:原文')).toEqual([
      { text: '说得对', weight: 1 },
      { text: '//@张三:太差了//@李四:原文', weight: CHAIN_WEIGHT },
    ]);
  });

  it('reads the chain fully when the author added nothing but 转发微博', () => {
    for (const own of ['转发微博', '', ' 转发微博。', 'Repost']) {
      expect(postParts(`${own}//@张三:太差了`)).toEqual([{ text: '//@张三:太差了', weight: 1 }]);
    }
  });

  it('drops the 回复@…: opening of a reply, whose words are the author’s', () => {
    expect(postParts('回复@张三:你说得对')).toEqual([{ text: '你说得对', weight: 1 }]);
    expect(postParts('回复@张三：不同意//@张三:好')).toEqual([
      { text: '不同意', weight: 1 },
      { text: '//@张三:好', weight: CHAIN_WEIGHT },
    ]);
  });
});

describe('sentimentFeatures', () => {
  it('counts the lexicon’s Weibo emoticons by polarity, and others each as a feature', () => {
    expect(valueOf('气死了[怒][怒][泪]', 'emoticon:-2', '[怒]')).toEqual([3, 0]);
    expect(valueOf('开心[哈哈]', 'emoticon:2')).toEqual([1]);
    expect(valueOf('[围观][围观]', '[围观]')).toEqual([1]);
  });

  it('counts emoji by polarity, ignoring skin tones', () => {
    expect(valueOf('好看😍👍🏻', 'emoji:2')).toEqual([2]);
    expect(valueOf('又堵车了😡', 'emoji:-2')).toEqual([1]);
  });

  it('marks a sentiment word negated by a negation before it in its clause', () => {
    expect(valueOf('服务不是很好', 'negated:2', 'word:2')).toEqual([1, 0]);
    expect(valueOf('没有想象中满意', 'negated:2')).toEqual([1]);
    // A clause boundary ends the negation; 不错 is a word of its own.
    expect(valueOf('不贵，满意', 'negated:2', 'word:2')).toEqual([0, 1]);
    expect(valueOf('味道不错', 'word:2', 'negated:2')).toEqual([1, 0]);
    expect(valueOf('不仅便宜而且好用', 'negated:1', 'negated:2')).toEqual([0, 0]);
  });

  it('marks degree words before a sentiment word, 非常 included', () => {
    expect(valueOf('非常满意', 'strong:2', 'negated:2')).toEqual([1, 0]);
    expect(valueOf('有点失望', 'weak:-2')).toEqual([1]);
  });

  it('weighs the chain of a repost less than the author’s words', () => {
    const [own] = valueOf('失望', 'word:-2');
    const [quoted] = valueOf('哈哈//@张三:失望', 'word:-2');
    expect(own).toBe(1);
    expect(quoted).toBeCloseTo(CHAIN_WEIGHT);
  });

  it('gives nothing for empty text, links and mentions', () => {
    expect(sentimentFeatures('').count).toBe(0);
    expect(sentimentFeatures('@某人 https://t.cn/x').count).toBe(0);
  });

  it('reuses the buffer it is given', () => {
    const features = sentimentFeatures('很好');
    const again = sentimentFeatures('差', features);
    expect(again).toBe(features);
    expect(again.count).toBe(sentimentFeatures('差').count);
  });
});
