// Horizontal spaces next to a character beyond ASCII: 星河 S7 is written 星河S7 as often.
const SPACE_BESIDE_WIDE = /[ \t]+(?=[^\p{ASCII}])|(?<=[^\p{ASCII}])[ \t]+/gu;

/**
 * The form both rule words and texts are matched in: NFKC (full-width letters, digits and
 * punctuation become ASCII, ideographic spaces plain ones), lower case, and no spaces beside
 * Chinese characters. Line breaks stay: they end sentences.
 */
export function normalise(text: string): string {
  const normal = text.normalize('NFKC').toLowerCase();
  return normal.includes(' ') || normal.includes('\t')
    ? normal.replace(SPACE_BESIDE_WIDE, '')
    : normal;
}
