/**
 * Character bigrams for keyword search. Each post's search text is indexed by its distinct
 * bigrams (pairs of UTF-16 code units, as one 32-bit number): table `post_grams` pairs each with
 * the pks of the posts holding it. A term's bigrams are bigrams of every text holding the term, so the
 * posts holding all of them are a superset of the matches, and exactly the matches for a term of
 * two code units. Pairs with the field separator U+0001 are left out: no indexed term holds it.
 */
export const SEPARATOR = 0x0001;

/** The bigram of two code units as one unsigned 32-bit number. */
const gramOf = (first: number, second: number) => ((first << 16) | second) >>> 0;

/** The distinct bigrams of a lower-cased text, ascending. */
export function textGrams(text: string): Uint32Array {
  const grams = new Uint32Array(Math.max(0, text.length - 1));
  let count = 0;
  for (let i = 0; i + 1 < text.length; i++) {
    const first = text.charCodeAt(i);
    const second = text.charCodeAt(i + 1);
    if (first === SEPARATOR || second === SEPARATOR) continue;
    grams[count++] = gramOf(first, second);
  }
  const sorted = grams.subarray(0, count).sort();
  let distinct = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[distinct++] = sorted[i]!;
  }
  return sorted.subarray(0, distinct);
}

/**
 * The bigrams of a lower-cased term, or undefined when the index cannot narrow it: a term of one
 * code unit, or one holding the separator.
 */
export function termGrams(term: string): number[] | undefined {
  if (term.length < 2 || term.includes(String.fromCharCode(SEPARATOR))) return undefined;
  return [...textGrams(term)];
}

/** Posts of a batch per bigram, built as the batch is staged. */
export class GramPostings {
  private readonly lists = new Map<number, number[]>();

  add(pk: number, grams: Uint32Array): void {
    for (const gram of grams) {
      const list = this.lists.get(gram);
      if (list) list.push(pk);
      else this.lists.set(gram, [pk]);
    }
  }

  /** The (bigram, pk) pairs, ordered by bigram, as two columns. */
  pairs(): { grams: Uint32Array; pks: Uint32Array } {
    let count = 0;
    for (const list of this.lists.values()) count += list.length;
    const grams = new Uint32Array(count);
    const pks = new Uint32Array(count);
    let at = 0;
    for (const gram of [...this.lists.keys()].sort((a, b) => a - b)) {
      const list = this.lists.get(gram)!;
      grams.fill(gram, at, at + list.length);
      pks.set(list, at);
      at += list.length;
    }
    return { grams, pks };
  }
}
