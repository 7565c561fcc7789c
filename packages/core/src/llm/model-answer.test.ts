import { describe, expect, it } from 'vitest';
import { readModelAnswer } from './model-answer.js';

describe('readModelAnswer', () => {
  it('reads a JSON array of row objects as a table, columns in the order they appear', () => {
    const answer = JSON.stringify([
      { 品牌: '星河', 情感: '正面', 提及: 3 },
      { 品牌: '远航', 原因: { 价格: '高' }, 情感: null },
    ]);
    expect(readModelAnswer(answer)).toEqual({
      kind: 'table',
      columns: ['品牌', '情感', '提及', '原因'],
      rows: [
        ['星河', '正面', '3', ''],
        ['远航', '', '', '{"价格":"高"}'],
      ],
    });
  });

  it('reads the table inside a Markdown code fence', () => {
    expect(readModelAnswer('```json\n[{"a": 1}]\n```\n')).toEqual({
      kind: 'table',
      columns: ['a'],
      rows: [['1']],
    });
  });

  it('shows anything else as the text it is', () => {
    for (const answer of [
      '整体情感偏正面。',
      '[]',
      '[1, 2]',
      '[{"a": 1}, [2]]',
      '{"a": 1}',
      '[{"a": 1}',
      'null',
    ]) {
      expect(readModelAnswer(answer)).toEqual({ kind: 'text', text: answer });
    }
  });
});
