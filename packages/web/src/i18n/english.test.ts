import { describe, expect, it } from 'vitest';
import { chineseLiterals } from '../testing/chineseLiterals';
import { ENGLISH_TABLES } from './english';
import { translateLabel, translateText } from './translateText';

const CHINESE = /[\u3400-\u9fff]/;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const entries = Object.entries(ENGLISH_TABLES).flatMap(([table, texts]) =>
  Object.entries(texts).map(([zh, en]) => ({ table, zh, en: en as string })),
);

describe('the English locale', () => {
  it('leaves no Chinese text in the code of the interface: every text comes from the locales', () => {
    const found = chineseLiterals().map(({ file, line, text }) => `${file}:${line} ${text}`);
    expect(found).toEqual([]);
  });

  it('translates every text into English with the same placeholders', () => {
    for (const { zh, en } of entries) {
      expect(CHINESE.test(en), `${zh} → ${en}`).toBe(false);
      expect(placeholders(en), `${zh} → ${en}`).toEqual(placeholders(zh));
    }
  });

  it('gives a text the same English wherever two tables hold it', () => {
    const first = new Map<string, { table: string; en: string }>();
    for (const entry of entries) {
      const earlier = first.get(entry.zh);
      if (earlier) expect(`${entry.table}: ${entry.en}`).toBe(`${entry.table}: ${earlier.en}`);
      else first.set(entry.zh, entry);
    }
  });

  it('shows Chinese in zh_CN, English in en_US, and an unknown label as itself', () => {
    expect(translateText('zh_CN', '保存')).toBe('保存');
    expect(translateText('en_US', '保存')).toBe('Save');
    expect(translateText('en_US', 'nav.logout')).toBe('Logout');
    expect(translateLabel('en_US', '取消')).toBe('Cancel');
    expect(translateLabel('en_US', '星河汽车')).toBe('星河汽车');
    expect(translateText('zh_CN', '天#有效期')).toBe('天');
    expect(translateText('en_US', '天#有效期')).toBe('days');
  });
});
