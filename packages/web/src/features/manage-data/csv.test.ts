import { describe, expect, it } from 'vitest';
import { csvToItems, decodeCsv, parseCsv, problemText } from './csv';

describe('parseCsv', () => {
  it('reads quotes with commas, doubled quotes and line breaks, and counts lines', () => {
    const text = 'a,"b, c"\r\n"say ""hi""",x\r\n"two\r\nlines",y\r\nlast,z';
    const { records, problems } = parseCsv(text);
    expect(problems).toEqual([]);
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b, c'] },
      { line: 2, cells: ['say "hi"', 'x'] },
      { line: 3, cells: ['two\r\nlines', 'y'] },
      { line: 5, cells: ['last', 'z'] },
    ]);
  });

  it('drops a BOM, skips blank lines and accepts LF and CR line ends', () => {
    const { records } = parseCsv('\uFEFF微博,新浪微博\n\n抖音,抖音\r快手,快手\n');
    expect(records).toEqual([
      { line: 1, cells: ['微博', '新浪微博'] },
      { line: 3, cells: ['抖音', '抖音'] },
      { line: 4, cells: ['快手', '快手'] },
    ]);
  });

  it('reports an unclosed quote at the line its record starts on', () => {
    const { records, problems } = parseCsv('a,b\nc,"open\nmore');
    expect(records).toEqual([{ line: 1, cells: ['a', 'b'] }]);
    expect(problems).toEqual([{ line: 2, message: '引号没有闭合' }]);
  });

  it('reports text after a closing quote and skips that record', () => {
    const { records, problems } = parseCsv('"a"b,c\nd,e');
    expect(records).toEqual([{ line: 2, cells: ['d', 'e'] }]);
    expect(problems).toEqual([{ line: 1, message: '引号结束后应是逗号或换行' }]);
  });
});

describe('decodeCsv', () => {
  it('reads UTF-8 and falls back to GB18030 for files saved by Excel', () => {
    expect(decodeCsv(new TextEncoder().encode('值,标签'))).toBe('值,标签');
    // "品牌" in GBK.
    expect(decodeCsv(new Uint8Array([0xc6, 0xb7, 0xc5, 0xc6]))).toBe('品牌');
  });
});

describe('csvToItems', () => {
  it('reads a list, skipping a header and using the value for an empty label', () => {
    const { items, problems } = csvToItems('value,label\r\nWeibo,微博\r\nDouyin,\r\n', 'list');
    expect(problems).toEqual([]);
    expect(items).toEqual([
      { value: 'Weibo', label: '微博' },
      { value: 'Douyin', label: 'Douyin' },
    ]);
  });

  it('builds a tree from parent values in any order', () => {
    const text = ['value,label,parent', '/汽车/轿车,轿车,/汽车', '/汽车,汽车,', '/手机,手机'].join(
      '\n',
    );
    const { items, problems } = csvToItems(text, 'tree');
    expect(problems).toEqual([]);
    expect(items).toEqual([
      { value: '/汽车', label: '汽车', children: [{ value: '/汽车/轿车', label: '轿车' }] },
      { value: '/手机', label: '手机' },
    ]);
  });

  it('reports bad lines with their numbers', () => {
    const text = [
      'value,label,parent',
      ',没有值',
      'a,甲',
      'a,重复',
      'b,乙,missing',
      'c,丙,a,extra',
      'd,丁,a,,',
    ].join('\r\n');
    const { problems } = csvToItems(text, 'tree');
    expect(problems.map(problemText)).toEqual([
      '第2行：缺少值（第一列）',
      '第4行：值「a」与第3行重复',
      '第5行：父项「missing」不存在',
      '第6行：列数过多：应为 value,label,parent',
    ]);
  });

  it('refuses parents in a list, circles and rows under a bad row', () => {
    expect(csvToItems('a,甲\nb,乙,a', 'list').problems).toEqual([
      { line: 2, message: '列表不能指定父项（第三列），请选择树形数据' },
    ]);
    const { problems } = csvToItems('x,X,y\ny,Y,x\nz,Z,x\nself,S,self', 'tree');
    expect(problems.map(problemText)).toEqual([
      '第1行：父项形成循环',
      '第2行：父项形成循环',
      '第3行：上级「x」有错误，无法放入树中',
      '第4行：父项不能是自己',
    ]);
  });
});
