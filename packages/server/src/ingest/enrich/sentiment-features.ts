import { cleanPostText } from './post-text.js';

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const UNIT = 0x10000;

/**
 * The distinct features the sentiment model weighs: the character bigrams and trigrams of the
 * lower-cased clean text, within runs of letters and digits. They catch words and negations (不好,
 * 不太好) without segmentation, which would cost three times as long and, in cross-validation on
 * the training data, was no more accurate.
 *
 * Each n-gram is an exact number, c1·2¹⁶ + c2 or (c1·2¹⁶ + c2)·2¹⁶ + c3 of its UTF-16 code units,
 * which scores about 1.6 times as fast as strings. Characters beyond the BMP (rare in Chinese)
 * end a run.
 */
export function sentimentFeatures(text: string): Set<number> {
  const clean = cleanPostText(text).toLowerCase();
  const features = new Set<number>();
  let first = 0;
  let second = 0;
  for (let i = 0; i < clean.length; i++) {
    const unit = clean.charCodeAt(i);
    if (!isLetterOrDigit(unit)) {
      first = second = 0;
      continue;
    }
    if (second !== 0) {
      features.add(second * UNIT + unit);
      if (first !== 0) features.add((first * UNIT + second) * UNIT + unit);
    }
    first = second;
    second = unit;
  }
  return features;
}

/** The n-gram a feature stands for, as the model file writes it. */
export function featureText(feature: number): string {
  const units = [
    feature % UNIT,
    Math.floor(feature / UNIT) % UNIT,
    Math.floor(feature / UNIT ** 2),
  ];
  return String.fromCharCode(...units.filter((unit) => unit !== 0).reverse());
}

/** The feature of an n-gram from the model file. */
export function featureOf(ngram: string): number {
  let feature = 0;
  for (let i = 0; i < ngram.length; i++) feature = feature * UNIT + ngram.charCodeAt(i);
  return feature;
}

/** Whether a code unit of lower-cased text is a letter or digit, CJK and ASCII without a regex. */
function isLetterOrDigit(unit: number): boolean {
  if (unit < 0x80) return (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x30 && unit <= 0x39);
  if (unit >= 0x4e00 && unit <= 0x9fff) return true;
  return unit < 0xd800 && LETTER_OR_DIGIT.test(String.fromCharCode(unit));
}
