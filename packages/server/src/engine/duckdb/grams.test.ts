import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GramPostings, termGrams, textGrams } from './grams.js';

describe('bigrams', () => {
  it("a substring's bigrams are bigrams of the text", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'星河汽车续航售后abcAB 1\u0001'.split('')) }),
        fc.nat(),
        fc.nat(),
        (text, a, b) => {
          const from = Math.min(a, b) % (text.length + 1);
          const term = text.slice(from, from + (Math.max(a, b) % 6));
          const grams = new Set(textGrams(text));
          return (termGrams(term) ?? []).every((gram) => grams.has(gram));
        },
      ),
    );
  });

  it('a two-unit term without the separator has one bigram, found exactly where it occurs', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'星河续航ab\u0001'.split('')) }), (text) => {
        for (const term of ['星河', '河续', 'ab', 'ba']) {
          const [gram] = termGrams(term)!;
          expect(textGrams(text).includes(gram!)).toBe(text.includes(term));
        }
      }),
    );
  });

  it('has no bigrams for one character or the separator, and lists distinct ones ascending', () => {
    expect(termGrams('车')).toBeUndefined();
    expect(termGrams('a\u0001b')).toBeUndefined();
    const grams = [...textGrams('星河星河汽车')];
    expect(grams).toHaveLength(4);
    expect(grams).toEqual([...grams].sort((a, b) => a - b));
  });

  it('collects (bigram, pk) pairs ordered by bigram', () => {
    const postings = new GramPostings();
    postings.add(1, textGrams('bc'));
    postings.add(2, textGrams('abc'));
    const [ab, bc] = [textGrams('ab')[0]!, textGrams('bc')[0]!];
    const { grams, pks } = postings.pairs();
    expect([...grams]).toEqual([ab, bc, bc]);
    expect([...pks]).toEqual([2, 1, 2]);
  });
});
