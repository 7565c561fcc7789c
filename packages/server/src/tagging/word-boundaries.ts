import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { unitCursor } from './sentences.js';

/** Words this long or shorter must be whole words of the sentence (好 is not in 好像). */
export const SHORT_WORD = 2;
/**
 * Degree adverbs and negations jieba's dictionary fuses with the word after them (很好看, 太慢,
 * 不快): a short word may start after them inside one of jieba's words.
 */
const FUSED_PREFIXES = new Set('很太真挺超最更蛮不没');

let jieba: Jieba | undefined;
let dictionaryBigrams: Set<number> | undefined;

/**
 * Every pair of adjacent characters inside a word of jieba's dictionary (300,000, read once in
 * ~0.2 s). Without HMM jieba's words of Chinese are dictionary words, so where the two characters
 * around an offset are no such pair, no word runs across it and jieba need not be asked.
 */
function bigramsOfDictionary(): Set<number> {
  const bigrams = new Set<number>();
  for (const line of new TextDecoder().decode(dict).split('\n')) {
    const end = line.indexOf(' ');
    const word = end === -1 ? line : line.slice(0, end);
    for (let i = 0; i + 1 < word.length; i++)
      bigrams.add(word.charCodeAt(i) * 0x10000 + word.charCodeAt(i + 1));
  }
  return bigrams;
}

/** Whether a dictionary word may run across `offset`, joining the characters either side. */
function mayJoin(text: string, offset: number): boolean {
  if (offset === 0 || offset >= text.length) return false;
  dictionaryBigrams ??= bigramsOfDictionary();
  return dictionaryBigrams.has(text.charCodeAt(offset - 1) * 0x10000 + text.charCodeAt(offset));
}

const isAsciiWordChar = (code: number) =>
  (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a);

/** A match of the automaton: where it begins and ends in the text. */
interface Span {
  begin: number;
  end: number;
}

const needsJieba = (text: string, { begin, end }: Span) =>
  end - begin <= SHORT_WORD &&
  hasWideCharacter(text, begin, end) &&
  (mayJoin(text, begin) || mayJoin(text, end));

/**
 * Whether matches lie on word boundaries of a normalised text: Latin letters and digits may not
 * run on past either end (a6 is not in a66), and a short word with Chinese in it must begin and
 * end where jieba's words do, or begin after a fused degree adverb or negation. Jieba cuts only
 * the sentences holding such words that a dictionary word may run across, in one call (a call
 * costs more than a sentence's words).
 */
export function boundaryCheck(
  text: string,
  sentenceStarts: readonly number[],
  matches: readonly Span[],
) {
  let boundaries: Uint8Array | undefined;
  const cut = () => {
    const sentences = new Set<number>();
    const sentenceOf = unitCursor(sentenceStarts);
    for (const match of matches)
      if (needsJieba(text, match)) sentences.add(sentenceOf(match.begin));
    // Sentences end with their enders, so jieba's words never run from one into the next.
    const starts: number[] = [];
    let joined = '';
    for (const sentence of sentences) {
      starts.push(sentenceStarts[sentence]!);
      joined += text.slice(sentenceStarts[sentence], sentenceStarts[sentence + 1] ?? text.length);
    }
    jieba ??= Jieba.withDict(dict);
    const found = new Uint8Array(text.length + 1);
    const lengths = [...sentences].map(
      (sentence) => (sentenceStarts[sentence + 1] ?? text.length) - sentenceStarts[sentence]!,
    );
    let segment = 0;
    let segmentEnd = lengths[0] ?? 0;
    let at = 0;
    const mark = (offset: number) => {
      found[starts[segment]! + offset - (segmentEnd - lengths[segment]!)] = 1;
    };
    mark(0);
    for (const word of jieba.cut(joined, false)) {
      for (let i = 0; i < word.length - 1 && FUSED_PREFIXES.has(word[i]!); i++) mark(at + i + 1);
      at += word.length;
      mark(at);
      if (at === segmentEnd && segment + 1 < lengths.length) {
        segment++;
        segmentEnd += lengths[segment]!;
        mark(at);
      }
    }
    return found;
  };

  return (match: Span): boolean => {
    const { begin, end } = match;
    if (
      begin > 0 &&
      isAsciiWordChar(text.charCodeAt(begin)) &&
      isAsciiWordChar(text.charCodeAt(begin - 1))
    )
      return false;
    if (isAsciiWordChar(text.charCodeAt(end - 1)) && isAsciiWordChar(text.charCodeAt(end)))
      return false;
    if (!needsJieba(text, match)) return true;
    boundaries ??= cut();
    return boundaries[begin] === 1 && boundaries[end] === 1;
  };
}

function hasWideCharacter(text: string, begin: number, end: number): boolean {
  for (let i = begin; i < end; i++) if (text.charCodeAt(i) > 0x7f) return true;
  return false;
}
