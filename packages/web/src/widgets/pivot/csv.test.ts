import { describe, expect, it } from 'vitest';
import { BOM, csvField, csvFileName, csvText, pivotCsv } from './csv';
import { buildPivot } from '@yuqing/core';

describe('csvField', () => {
  it('quotes fields with quotes, commas or line breaks, doubling quotes', () => {
    expect(csvField('plain 文本')).toBe('plain 文本');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
  });

  it('writes numbers plainly and defuses formulas in text', () => {
    expect(csvField(1234567.5)).toBe('1234567.5');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('@x,y')).toBe(`"'@x,y"`);
    expect(csvField('-1')).toBe("'-1");
  });
});

describe('csvText', () => {
  it('starts with a byte-order mark and ends lines with CRLF', () => {
    const text = csvText([
      ['名称', '值'],
      ['微博', 3],
    ]);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text).toBe('\uFEFF名称,值\r\n微博,3\r\n');
  });
});

describe('pivotCsv', () => {
  const matrix = buildPivot([
    { row: 'Weibo', col: '正面', value: 3 },
    { row: 'Weibo', col: '负面', value: 1 },
    { row: 'a "b", c', col: '正面', value: 2 },
  ]);

  it('writes the corner, columns, rows and totals', () => {
    expect(pivotCsv(matrix, '媒体平台 \\ 情感倾向')).toBe(
      '\uFEFF' +
        [
          '媒体平台 \\ 情感倾向,正面,负面,合计',
          'Weibo,3,1,4',
          '"a ""b"", c",2,0,2',
          '合计,5,1,6',
        ].join('\r\n') +
        '\r\n',
    );
  });

  it('adds a share column after each value column when asked', () => {
    const lines = pivotCsv(matrix, 'x', 'row').slice(1).split('\r\n');
    expect(lines[0]).toBe('x,正面,正面 行占比,负面,负面 行占比,合计,合计 行占比');
    expect(lines[1]).toBe('Weibo,3,75.00%,1,25.00%,4,100.00%');
    expect(lines[3]).toBe('合计,5,83.33%,1,16.67%,6,100.00%');
  });
});

describe('csvFileName', () => {
  it('names the file after the title, without characters file systems refuse', () => {
    expect(csvFileName('平台 × 级别')).toBe('平台 × 级别.csv');
    expect(csvFileName('a/b:c*?')).toBe('a_b_c__.csv');
    expect(csvFileName('  ')).toBe('透视表.csv');
    expect(csvFileName('', '交叉透视表')).toBe('交叉透视表.csv');
  });
});
