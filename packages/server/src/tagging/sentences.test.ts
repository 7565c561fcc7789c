import { describe, expect, it } from 'vitest';
import { splitUnits, unitCursor } from './sentences.js';

describe('splitUnits', () => {
  it('starts a sentence after each run of sentence enders and a clause after any ender', () => {
    const text = '续航很好，充电快！！外观一般;车机\n好用';
    const { sentenceStarts, clauseStarts } = splitUnits(text);
    expect(sentenceStarts.map((start) => text[start])).toEqual(['续', '外', '车', '好']);
    expect(clauseStarts.map((start) => text[start])).toEqual(['续', '充', '外', '车', '好']);
  });

  it('ends no unit after trailing enders', () => {
    expect(splitUnits('很好。”').sentenceStarts).toEqual([0, 3]);
    expect(splitUnits('很好。').sentenceStarts).toEqual([0]);
  });
});

describe('unitCursor', () => {
  it('finds the unit of ascending offsets', () => {
    const unitOf = unitCursor([0, 4, 9]);
    expect([0, 3, 4, 8, 9, 20].map(unitOf)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});
