import stopwordsIso from 'stopwords-iso/stopwords-iso.json' with { type: 'json' };
import { postWords } from './post-text.js';

const STOPWORDS: ReadonlySet<string> = new Set(stopwordsIso.zh);
/** Arabic numbers with their separators, or Chinese numerals such as 三十 and 一百. */
const NUMBER = /^(?:[\p{N}.,:%+-]+|[〇零一二三四五六七八九十百千万亿两]+)$/u;

/**
 * The words of a post for word clouds, in order of appearance with repeats: its postWords without
 * stopwords, numbers, single characters and the project's discard words.
 */
export function wordTokens(text: string, discardWords: ReadonlySet<string>): string[] {
  return cloudWords(postWords(text), discardWords);
}

/** wordTokens of words already taken from a text by postWords. */
export function cloudWords(words: readonly string[], discardWords: ReadonlySet<string>): string[] {
  const discards = { words: discardWords, firstCharacters: new Set<string>(), longest: 0 };
  for (const word of discardWords) {
    discards.firstCharacters.add(word.charAt(0));
    discards.longest = Math.max(discards.longest, word.length);
  }
  const tokens: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const discarded = discardedWords(words, i, discards);
    if (discarded > 0) i += discarded - 1;
    else if (isCloudWord(words[i]!)) tokens.push(words[i]!);
  }
  return tokens;
}

/**
 * How many words from `start` make up the longest discard word there, 0 if none. A discard word
 * may span words because jieba splits phrases such as 转发微博 into 转发 and 微博.
 */
function discardedWords(
  words: readonly string[],
  start: number,
  discards: { words: ReadonlySet<string>; firstCharacters: ReadonlySet<string>; longest: number },
): number {
  if (!discards.firstCharacters.has(words[start]!.charAt(0))) return 0;
  let joined = '';
  let count = 0;
  for (let end = start; end < words.length; end++) {
    joined += words[end];
    if (joined.length > discards.longest) break;
    if (discards.words.has(joined)) count = end - start + 1;
  }
  return count;
}

function isCloudWord(word: string): boolean {
  const singleCharacter = word.length === 1 || (word.length === 2 && word.codePointAt(0)! > 0xffff);
  return !singleCharacter && !STOPWORDS.has(word) && !NUMBER.test(word);
}
