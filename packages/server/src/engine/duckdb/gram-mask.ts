/**
 * A 1024-bit signature of the character bigrams of a post's search text, kept as 32 unsigned
 * 32-bit columns. A substring's bigrams are bigrams of the text, so the text's mask holds every
 * bit of the term's mask: testing a few small integer columns rules out most posts before the
 * substring scan runs on the rest. A term of one character has no bigram and no prefilter.
 */
export const MASK_WORDS = 32;
export const maskColumn = (word: number) => `g${word}`;

function bitOf(first: number, second: number): number {
  // FNV-1a over the two UTF-16 code units, folded to 10 bits.
  let hash = 0x811c9dc5;
  hash = Math.imul(hash ^ first, 0x01000193);
  hash = Math.imul(hash ^ second, 0x01000193);
  return (hash ^ (hash >>> 10) ^ (hash >>> 20)) & 1023;
}

/** The mask of a lower-cased text, as 32 words. */
export function gramMask(text: string): number[] {
  const words = new Array<number>(MASK_WORDS).fill(0);
  for (let i = 0; i + 1 < text.length; i++) {
    const bit = bitOf(text.charCodeAt(i), text.charCodeAt(i + 1));
    words[bit >>> 5]! |= 1 << (bit & 31);
  }
  return words.map((word) => word >>> 0);
}

/** SQL testing that a post's mask holds every bit of a lower-cased term's mask; '' for none. */
export function gramTestSql(term: string): string {
  const mask = gramMask(term);
  return mask
    .map((word, i) => (word === 0 ? '' : `(${maskColumn(i)} & ${word}) = ${word}`))
    .filter(Boolean)
    .join(' AND ');
}
