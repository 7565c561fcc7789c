import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  MalformedInput,
  chunkRecords,
  csvRowValue,
  readChunks,
  type InputRecord,
} from './read-records.js';

async function recordsOf(parts: (string | Buffer)[], size: number) {
  const chunks = [];
  for await (const chunk of readChunks(Readable.from(parts), 'ndjson', size)) chunks.push(chunk);
  return { chunks: chunks.length, records: chunks.flatMap(chunkRecords) };
}

describe('readChunks of JSON lines', () => {
  const lines = ['{"a":1}', '', '{"b":"星河"}', '  ', '{"c":3}', '{"d":4}', '{"e":5}'];
  const expected: InputRecord[] = [
    { line: 1, text: '{"a":1}' },
    { line: 3, text: '{"b":"星河"}' },
    { line: 5, text: '{"c":3}' },
    { line: 6, text: '{"d":4}' },
    { line: 7, text: '{"e":5}' },
  ];

  it('numbers lines across chunks and input pieces, skipping blank ones', async () => {
    const text = lines.join('\n');
    for (const size of [1, 2, 3, 100]) {
      // Pieces cut anywhere, even inside a character of several bytes.
      const bytes = Buffer.from(text);
      const pieces = [bytes.subarray(0, 5), bytes.subarray(5, 27), bytes.subarray(27)];
      const { chunks, records } = await recordsOf(pieces, size);
      expect(records).toEqual(expected);
      expect(chunks).toBe(Math.ceil(lines.length / size));
    }
  });

  it('takes CRLF line ends, a trailing newline and a byte order mark', async () => {
    const { records } = await recordsOf([`\uFEFF${lines.join('\r\n')}\r\n`], 2);
    expect(records).toEqual(expected);
  });
});

describe('readChunks of CSV', () => {
  async function csvRows(input: Readable) {
    const rows = [];
    for await (const chunk of readChunks(input, 'csv', 100)) rows.push(...chunkRecords(chunk));
    return rows;
  }

  it('reads rows with their line numbers', async () => {
    const rows = await csvRows(Readable.from(['_id,title\na1,"星河, S7"\n']));
    expect(rows).toEqual([{ line: 2, cells: { _id: 'a1', title: '星河, S7' } }]);
  });

  it('refuses an unclosed quote and a row of another length, naming the line', async () => {
    await expect(csvRows(Readable.from(['_id,title\na1,"unclosed\n']))).rejects.toEqual(
      new MalformedInput('第 2 行: CSV 格式错误，引号没有闭合'),
    );
    await expect(csvRows(Readable.from(['_id\na1,b\n']))).rejects.toEqual(
      new MalformedInput('第 2 行: CSV 格式错误，列数与表头不一致'),
    );
  });

  it('ends with the input when the input fails', async () => {
    const input = new PassThrough();
    input.write('_id,title\na1,');
    setImmediate(() => input.destroy(new Error('cut off')));
    await expect(csvRows(input)).rejects.toThrow('cut off');
  });
});

describe('csvRowValue', () => {
  it('leaves out blank cells, parses JSON cells and splits list fields at |', () => {
    expect(
      csvRowValue({
        _id: ' a1 ',
        title: '',
        like_num: '7',
        brand_paths: '/品牌/星河 | /品牌/竞品',
        kg_infos: '{"tendency":"正面"}',
        text: '[not json',
      }),
    ).toEqual({
      _id: 'a1',
      like_num: '7',
      brand_paths: ['/品牌/星河', '/品牌/竞品'],
      kg_infos: { tendency: '正面' },
      text: '[not json',
    });
  });
});
