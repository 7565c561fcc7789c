import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SEGMENT_POSTS,
  SegmentBuilder,
  decodePostings,
  encodePostings,
  mergeSegments,
  postingsAt,
  termGrams,
  textGrams,
  type SegmentPart,
  type SegmentRows,
} from './grams.js';

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

  it("lists each bigram's posts of a segment, whichever encoding is smaller", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom(...'星河汽车ab\u0001'.split('')) }), {
          maxLength: 300,
        }),
        fc.nat(40),
        (texts, gap) => {
          const segment = new SegmentBuilder();
          const places = texts.map((_, i) => i * (gap + 1));
          texts.forEach((text, i) => segment.add(places[i]!, text));
          const rows = segment.build();
          const { grams } = rows;
          const expected = new Map<number, number[]>();
          texts.forEach((text, i) => {
            for (const gram of textGrams(text)) {
              expected.set(gram, [...(expected.get(gram) ?? []), places[i]!]);
            }
          });
          expect([...grams]).toEqual([...expected.keys()].sort((a, b) => a - b));
          grams.forEach((gram, i) => {
            const listed: number[] = [];
            decodePostings(postingsAt(rows, i), (place) => listed.push(place));
            expect(listed).toEqual(expected.get(gram));
          });
        },
      ),
    );
  });

  it('encodes a dense bigram as a bitmap and a rare one as a list', () => {
    const dense = encodePostings(
      Uint16Array.from({ length: 100 }, (_, i) => i),
      100,
    );
    const rare = encodePostings(Uint16Array.of(3, 900), 1000);
    expect(dense).toHaveLength(1 + 13);
    expect(rare).toHaveLength(1 + 4);
  });

  it('merges segments of consecutive batches into the segment of all their posts', () => {
    const decoded = (rows: SegmentRows) =>
      new Map(
        [...rows.grams].map((gram, i) => {
          const places: number[] = [];
          decodePostings(postingsAt(rows, i), (place) => places.push(place));
          return [gram, places];
        }),
      );
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.string({ unit: fc.constantFrom(...'星河汽车续航ab\u0001'.split('')) }), {
            maxLength: 120,
          }),
          { minLength: 1, maxLength: 5 },
        ),
        (batches) => {
          const whole = new SegmentBuilder();
          const parts: SegmentPart[] = [];
          let offset = 0;
          for (const texts of batches) {
            const part = new SegmentBuilder();
            texts.forEach((text, place) => {
              part.add(place, text);
              whole.add(offset + place, text);
            });
            parts.push({ offset, rows: part.build() });
            offset += texts.length;
          }
          const merged = mergeSegments(parts);
          expect(decoded(merged)).toEqual(decoded(whole.build()));
          expect(merged.ends.at(-1) ?? 0).toBe(merged.postings.length);
        },
      ),
    );
  });

  it('refuses to merge past a segment', () => {
    const part = new SegmentBuilder();
    part.add(10, 'ab');
    const rows = part.build();
    expect(() => mergeSegments([{ offset: SEGMENT_POSTS - 5, rows }])).toThrow(RangeError);
  });

  it('refuses places out of order or beyond a segment', () => {
    const segment = new SegmentBuilder();
    segment.add(5, 'ab');
    expect(() => segment.add(5, 'ab')).toThrow(RangeError);
    expect(() => segment.add(SEGMENT_POSTS, 'ab')).toThrow(RangeError);
  });
});
