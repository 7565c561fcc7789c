import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors.js';
import { demoRules } from '../seed/demo-rules.js';
import { readRulesCsv, writeRulesCsv } from './rules-csv.js';

const HEADER = 'kind,name,path,brand,category,type,product,topic,emotion,words,weight';
const refusal = (csv: string) => {
  try {
    readRulesCsv(csv);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return (error as HttpError).message;
  }
  throw new Error('the CSV was accepted');
};

describe('rules as CSV', () => {
  it('reads back what it writes, with a BOM for Excel', () => {
    const csv = writeRulesCsv(demoRules);
    expect(csv.startsWith(`\uFEFF${HEADER}\r\n`) || csv.startsWith(`\uFEFF${HEADER}\n`)).toBe(true);
    expect(readRulesCsv(csv)).toEqual(demoRules);
  });

  it('reads columns in any order, quoted cells and words separated by |', () => {
    const csv = [
      'name,kind,words,path,weight,brand',
      '"星河汽车",brand,"星河 | xinghe,auto",/品牌/星河汽车,,',
      'S7,product,星河s7,,,星河汽车',
      '好看,sentiment,,,2,',
    ].join('\n');
    expect(readRulesCsv(csv)).toMatchObject({
      brands: [{ name: '星河汽车', aliases: ['星河', 'xinghe,auto'] }],
      products: [{ name: 'S7', brand: '星河汽车', aliases: ['星河s7'] }],
      sentiments: [{ word: '好看', weight: 2 }],
    });
  });

  it('names the line and column of what is wrong, in Chinese', () => {
    expect(refusal(`${HEADER}\nbrnd,星河`)).toMatch(/^第 2 行 kind: 必须是 brand、/);
    expect(refusal(`${HEADER}\nsentiment,好,,,,,,,,,很`)).toBe('第 2 行 weight: 必须是数字');
    expect(refusal(`${HEADER}\nbrand,星河汽车,/品牌/星河汽车\nproduct,S7,,某品牌`)).toBe(
      '第 3 行 brand: 品牌 某品牌 不在品牌规则中',
    );
    expect(refusal(`${HEADER}\nbrand,星河,品牌`)).toMatch(/^第 2 行 path: /);
    expect(refusal('name,words\n星河,x')).toBe('CSV 第 1 行必须是表头，且包含 kind 列');
    expect(refusal(`${HEADER}\nbrand,"星河`)).toMatch(/^CSV 格式错误/);
  });
});
