import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gramMask, gramTestSql } from './gram-mask.js';

const holds = (text: number[], term: number[]) =>
  term.every((word, i) => (text[i]! & word) >>> 0 === word);

describe('bigram mask', () => {
  it("holds every bit of any substring's mask", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'星河汽车续航售后abcAB 1'.split('')) }),
        fc.nat(),
        fc.nat(),
        (text, a, b) => {
          const from = Math.min(a, b) % (text.length + 1);
          const term = text.slice(from, from + (Math.max(a, b) % 6));
          return holds(gramMask(text), gramMask(term));
        },
      ),
    );
  });

  it('rules out most texts that lack the term', () => {
    const texts = Array.from(
      { length: 200 },
      (_, i) => `第${i}条：星河汽车的续航表现很好，售后服务也不错`,
    );
    const term = gramMask('召回事件');
    expect(texts.filter((text) => holds(gramMask(text), term)).length).toBeLessThan(20);
  });

  it('has no test for a one-character term', () => {
    expect(gramTestSql('车')).toBe('');
    expect(gramTestSql('星河')).toMatch(/^\(g\d+ & \d+\) = \d+$/);
  });
});
