import { describe, expect, it } from 'vitest';
import { checkBrief, numbersIn } from './brief-check.js';

const FIGURES = [
  '本期共监测到相关信息 12,345 条，较上期上升 12.50%。',
  '其中正面 8,000 条（64.80%），负面 3,345 条（27.10%）。',
  '声量最高的平台是微博，共 1.2万 条。',
];
const given = { sources: [1, 2, 3], texts: FIGURES };

describe('numbersIn', () => {
  it('reads grouped, decimal, 万 and 亿 numbers and percentages, with the slack of their last digit', () => {
    expect(numbersIn('12,345 条，1.5万，3亿，59.68%，7％')).toEqual([
      { value: 12_345, percent: false, slack: 0.5 },
      { value: 15_000, percent: false, slack: 500 },
      { value: 300_000_000, percent: false, slack: 50_000_000 },
      { value: 59.68, percent: true, slack: 0.005 },
      { value: 7, percent: true, slack: 0.5 },
    ]);
  });
});

describe('checkBrief', () => {
  it('keeps sentences whose numbers were given, as written or rounded, with their citations', () => {
    const text =
      '本期声量约1.2万条，上升12.5%。[1]\n正面占比近65%[2]，负面27.1%。[2] 舆论总体平稳。';
    expect(checkBrief(text, given)).toEqual({
      lines: [
        '本期声量约1.2万条，上升12.5%。[1]',
        '正面占比近65%[2]，负面27.1%。[2]舆论总体平稳。',
      ],
      dropped: 0,
    });
  });

  it('drops a sentence with a number no figure holds, and a paragraph left empty', () => {
    const text = '负面声量激增 40%。[2]\n本期声量 12,345 条。[1] 预计下周将达到 2 万条。';
    expect(checkBrief(text, given)).toEqual({ lines: ['本期声量 12,345 条。[1]'], dropped: 2 });
  });

  it('does not take a count for a percentage, nor a citation for a number', () => {
    // 12,345% is no figure; [3] cites, it states nothing.
    expect(checkBrief('增长 12,345%。[3]', given)).toEqual({ lines: [], dropped: 1 });
    expect(checkBrief('微博是主要阵地。[3]', given).lines).toEqual(['微博是主要阵地。[3]']);
  });

  it('removes citations of sources the model was not given', () => {
    expect(checkBrief('微博是主要阵地。[3][9]', given).lines).toEqual(['微博是主要阵地。[3]']);
  });

  it('keeps a text without numbers whole: 数据不足', () => {
    expect(checkBrief('数据不足，无法判断趋势。', given)).toEqual({
      lines: ['数据不足，无法判断趋势。'],
      dropped: 0,
    });
  });
});
