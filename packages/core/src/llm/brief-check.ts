/**
 * The check a language model's brief passes before it is shown: every number it states must be a
 * number it was given (or that number rounded), and every source it cites must be one it was
 * given. A sentence that fails is dropped, not repaired.
 */

/** A number as written: its value, whether it is a percentage, and how far rounding may move it. */
interface StatedNumber {
  value: number;
  percent: boolean;
  /** Half of the last written digit's place, in the value's unit (1.2万: 500). */
  slack: number;
}

// 12,345 · 12345 · 1.5 · 1.2万 · 3亿 · 59.68% (a full-width ％ too).
const NUMBER = /(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*(万|亿)?\s*([%％])?/g;
const MULTIPLIER: Record<string, number> = { 万: 10_000, 亿: 100_000_000 };
const CITATION = /\[(\d{1,3})\]/g;
// A sentence, with the citations written after its end mark.
const SENTENCE = /[^。！？!?]+(?:[。！？!?]+(?:\s*\[\d{1,3}\])*)?/g;

/** The numbers a text states, in the order written. */
export function numbersIn(text: string): StatedNumber[] {
  return [...text.matchAll(NUMBER)].map(([, whole, decimals = '', unit, percent]) => {
    const multiplier = unit ? MULTIPLIER[unit]! : 1;
    return {
      value: Number(`${whole!.replaceAll(',', '')}.${decimals || '0'}`) * multiplier,
      percent: percent !== undefined,
      slack: (0.5 / 10 ** decimals.length) * multiplier,
    };
  });
}

/** Whether `stated` is one of the given numbers, or one rounded as written. */
function isGiven(stated: StatedNumber, given: readonly StatedNumber[]): boolean {
  return given.some(
    (number) =>
      number.percent === stated.percent &&
      Math.abs(number.value - stated.value) <= stated.slack + 1e-9,
  );
}

/** What the model was given: its sources' numbers ([1] … [n]) and their texts. */
export interface BriefGiven {
  /** The numbers of the sources the model may cite. */
  sources: readonly number[];
  /** Every text handed to the model: the numbers in them are the ones it may state. */
  texts: readonly string[];
}

/** The brief as shown: its paragraphs, and how many sentences were dropped. */
export interface CheckedBrief {
  lines: string[];
  dropped: number;
}

/**
 * The model's text with every sentence that states a number it was not given dropped, and every
 * citation of a source it was not given removed. Paragraphs left empty go.
 */
export function checkBrief(text: string, given: BriefGiven): CheckedBrief {
  const allowed = given.texts.flatMap(numbersIn);
  const sources = new Set(given.sources);
  let dropped = 0;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    const kept: string[] = [];
    for (const [sentence] of paragraph.trim().matchAll(SENTENCE)) {
      const cited = sentence.replace(CITATION, (whole, n: string) =>
        sources.has(Number(n)) ? whole : '',
      );
      const claims = numbersIn(cited.replace(CITATION, ''));
      if (claims.every((claim) => isGiven(claim, allowed))) kept.push(cited.trim());
      else dropped += 1;
    }
    const line = kept.join('');
    if (line) lines.push(line);
  }
  return { lines, dropped };
}
