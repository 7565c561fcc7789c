import { describe, expect, it } from 'vitest';
import { tagRules } from '@yuqing/core';
import { Refusal } from '../refusals.js';
import { demoRules } from '../seed/demo-rules.js';
import { readRulesCsv, writeRulesCsv } from './rules-csv.js';

const HEADER = 'kind,name,path,brand,category,type,product,topic,emotion,words,weight';
const refusal = (csv: string) => {
  try {
    readRulesCsv(csv);
  } catch (error) {
    expect(error).toBeInstanceOf(Refusal);
    return (error as Refusal).message;
  }
  throw new Error('the CSV was accepted');
};

describe('rules as CSV', () => {
  it('reads back what it writes, with a BOM for Excel', () => {
    const csv = writeRulesCsv(demoRules);
    expect(csv.startsWith(`\uFEFF${HEADER}\r\n`) || csv.startsWith(`\uFEFF${HEADER}\n`)).toBe(true);
    expect(readRulesCsv(csv)).toEqual(demoRules);
  });

  it('writes text Excel would run as a formula with an apostrophe, and reads it back as it was', () => {
    const rules = tagRules.parse({
      brands: [
        {
          name: '=HYPERLINK("http://example.com","点我")',
          path: '/品牌/星河',
          aliases: ['+cmd', '@SUM(A1)'],
        },
        { name: "'已有引号", path: '/品牌/引号', aliases: ["''=1+1"] },
      ],
      topics: [{ name: '-负面', path: '/话题/负面', words: ['=1', '正常'] }],
      sentiments: [{ word: '@好', weight: -2 }],
      negations: ['+不'],
      relations: [{ name: '=关系', brand: '=HYPERLINK("http://example.com","点我")' }],
    });
    const csv = writeRulesCsv(rules);
    const cells = csv.split(/\r?\n/).flatMap((line) => line.split(','));
    // Only numbers (the weights) may start with a minus.
    for (const cell of cells) if (!/^-?\d+$/.test(cell)) expect(cell).not.toMatch(/^"?[=+\-@]/);
    expect(csv).toContain(`"'=HYPERLINK(""http://example.com""`);
    expect(csv).toContain("sentiment,'@好,,,,,,,,,-2");
    expect(csv).toContain("''已有引号");
    expect(readRulesCsv(csv)).toEqual(rules);
    // A cell someone wrote with an apostrophe of their own, before other text, is kept.
    expect(readRulesCsv(`${HEADER}\nnegation,'不`).negations).toEqual(["'不"]);
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
