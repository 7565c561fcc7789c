import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

/** Words this long or shorter must be whole words of the sentence (好 is not in 好像). */
export const SHORT_WORD = 2;
/**
 * Degree adverbs and negations jieba's dictionary fuses with the word after them (很好看, 太慢,
 * 不快): a short word may start after them inside one of jieba's words.
 */
const FUSED_PREFIXES = new Set('很太真挺超最更蛮不没');

let jieba: Jieba | undefined;

const isAsciiWordChar = (code: number) =>
  (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a);

/**
 * Whether matches lie on word boundaries of a normalised text: Latin letters and digits may not
 * run on past either end (a6 is not in a66), and a short word with Chinese in it must begin and
 * end where jieba's words do, or begin after a fused degree adverb or negation. Jieba cuts a sentence only when a short word is found in it, once.
 */
export function boundaryCheck(text: string, sentenceStarts: readonly number[]) {
  const cuts = new Map<number, Set<number>>();
  const boundariesOf = (sentence: number) => {
    let boundaries = cuts.get(sentence);
    if (boundaries) return boundaries;
    const start = sentenceStarts[sentence]!;
    const end = sentenceStarts[sentence + 1] ?? text.length;
    jieba ??= Jieba.withDict(dict);
    boundaries = new Set([start]);
    let at = start;
    for (const word of jieba.cut(text.slice(start, end), false)) {
      for (let i = 0; i < word.length - 1 && FUSED_PREFIXES.has(word[i]!); i++)
        boundaries.add(at + i + 1);
      at += word.length;
      boundaries.add(at);
    }
    cuts.set(sentence, boundaries);
    return boundaries;
  };

  return (begin: number, end: number, sentence: number): boolean => {
    if (
      begin > 0 &&
      isAsciiWordChar(text.charCodeAt(begin)) &&
      isAsciiWordChar(text.charCodeAt(begin - 1))
    )
      return false;
    if (isAsciiWordChar(text.charCodeAt(end - 1)) && isAsciiWordChar(text.charCodeAt(end)))
      return false;
    if (end - begin > SHORT_WORD || !hasWideCharacter(text, begin, end)) return true;
    const boundaries = boundariesOf(sentence);
    return boundaries.has(begin) && boundaries.has(end);
  };
}

function hasWideCharacter(text: string, begin: number, end: number): boolean {
  for (let i = begin; i < end; i++) if (text.charCodeAt(i) > 0x7f) return true;
  return false;
}
