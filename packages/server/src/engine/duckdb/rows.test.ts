import { describe, expect, it } from 'vitest';
import { stagedLine } from './rows.js';

describe('stagedLine', () => {
  it('replaces half of a surrogate pair, which DuckDB refuses, and keeps whole pairs', () => {
    const cut = '好评👍'.slice(0, 3);
    expect(JSON.parse(stagedLine({ text: cut, list: [cut], whole: '👍' }))).toEqual({
      text: '好评\uFFFD',
      list: ['好评\uFFFD'],
      whole: '👍',
    });
  });
});
