import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { chunkRecords, readChunks, type InputRecord } from './read-records.js';

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
