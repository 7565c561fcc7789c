import { describe, expect, it } from 'vitest';
import { cleanPostText, postWords } from './post-text.js';

describe('cleanPostText', () => {
  it('blanks URLs up to the first non-URL character, Chinese included', () => {
    expect(cleanPostText('看这里https://t.cn/A6x9Yz?a=1新规定')).toBe('看这里 新规定');
    expect(cleanPostText('见 www.example.com/path 。')).toBe('见   。');
  });

  it('blanks @mentions up to a space or punctuation', () => {
    expect(cleanPostText('@人民日报 @CCTV_新闻：消息 @小王')).toBe('   :消息  ');
  });

  it('turns full-width letters, digits and punctuation into ASCII', () => {
    expect(cleanPostText('ｉＰｈｏｎｅ１５，好')).toBe('iPhone15,好');
  });
});

describe('postWords', () => {
  it('segments with jieba and leaves out punctuation, symbols and spaces', () => {
    expect(postWords('我爱北京天安门！ 😀 iPhone15')).toEqual([
      '我',
      '爱',
      '北京',
      '天安门',
      'iPhone15',
    ]);
  });

  it('gives nothing for text without words', () => {
    expect(postWords('')).toEqual([]);
    expect(postWords('！？ https://t.cn/x')).toEqual([]);
  });
});
