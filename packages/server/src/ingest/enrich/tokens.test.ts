import { describe, expect, it } from 'vitest';
import { wordTokens } from './tokens.js';

const none = new Set<string>();

describe('wordTokens', () => {
  it('keeps words in order of appearance, with repeats', () => {
    expect(wordTokens('新能源汽车销量大涨，新能源汽车降价', none)).toEqual([
      '新能源',
      '汽车销量',
      '大涨',
      '新能源',
      '汽车',
      '降价',
    ]);
  });

  it('drops stopwords, punctuation, numbers, single characters and whitespace', () => {
    const tokens = wordTokens('我们今天在北京发布了3.5亿元的 新政策！！ 2024 三十 😀', none);
    expect(tokens).toEqual(['今天', '北京', '发布', '亿元', '政策']);
  });

  it('drops URLs and @mentions, even with Chinese right after them', () => {
    const tokens = wordTokens(
      '@人民日报 暴雨预警https://t.cn/A6x9Yz新政策 www.example.com/a 关注',
      none,
    );
    expect(tokens).toEqual(['暴雨', '预警', '政策', '关注']);
  });

  it('drops discard words, also when split into words', () => {
    const discard = new Set(['转发微博', '网页链接', '好玩']);
    expect(wordTokens('转发微博 很好玩 网页链接', discard)).toEqual([]);
    expect(wordTokens('转发 微博，转发：微博', discard)).toEqual([]);
    expect(wordTokens('转发 这条 微博', discard)).toEqual(['转发', '微博']);
  });

  it('reads full-width letters as ASCII and keeps their case', () => {
    expect(wordTokens('ｉＰｈｏｎｅ 新品 iPhone', none)).toEqual(['iPhone', '新品', 'iPhone']);
  });

  it('gives nothing for empty text', () => {
    expect(wordTokens('', none)).toEqual([]);
  });
});
