import { sharedJieba } from '../../tagging/jieba.js';

// A URL runs over ASCII URL characters only, since Chinese text often follows it without a space;
// a mention runs to the next space or punctuation, as Weibo ends them.
const LINK_OR_MENTION = /(?:https?:\/\/|www\.)[\w\-.~:/?#[\]@!$&'()*+,;=%]+|@[\p{L}\p{N}_-]+/giu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The text in NFKC form (full-width letters, digits and punctuation become ASCII) with URLs and
 * @mentions blanked out: they differ between copies of a post and are not words.
 */
export function cleanPostText(text: string): string {
  return text.normalize('NFKC').replace(LINK_OR_MENTION, ' ');
}

/**
 * Jieba's words of the clean text in order, without punctuation, symbols and spaces. HMM finds
 * words missing from the dictionary (names, slang). The thread's one Jieba (shared with the
 * tagger) loads its dictionary (~0.2 s) on first use.
 */
export function postWords(text: string): string[] {
  return sharedJieba()
    .cut(cleanPostText(text), true)
    .filter((word) => LETTER_OR_DIGIT.test(word));
}
