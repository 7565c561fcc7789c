import { cleanPostText } from './post-text.js';
import {
  DEGREE_WORDS,
  EMOJI,
  EMPTY_REPOST,
  NEGATIONS,
  SENTIMENT_WORDS,
  WEIBO_EMOTICONS,
  type Polarity,
} from './sentiment-lexicon.js';

/** Features are hashed into 2^FEATURE_BITS slots of the model's weight tables. */
export const FEATURE_BITS = 20;
/** How much the quoted chain of a repost weighs beside its author's own words. */
export const CHAIN_WEIGHT = 0.4;
/** Group features (lexicon, emoticon and punctuation counts) count up to this many. */
const MAX_GROUP_COUNT = 3;

const SHIFT = 32 - FEATURE_BITS;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** 回复@某人: opens a reply; the author's own words follow the colon. */
const REPLY_PREFIX = /^\s*回复@[^:：\s]{1,40}[:：]/;

/** The features of one text: `count` slots of `ids` and `values` are filled. */
export interface Features {
  ids: Int32Array;
  values: Float32Array;
  count: number;
}

/** The author's own words and the quoted chain of a post, each with its weight. */
export function postParts(text: string): { text: string; weight: number }[] {
  let own = text;
  const reply = REPLY_PREFIX.exec(own);
  if (reply) own = own.slice(reply[0].length);
  const chainAt = own.indexOf('//@');
  if (chainAt < 0) return [{ text: own, weight: 1 }];
  const chain = own.slice(chainAt);
  own = own.slice(0, chainAt);
  // 转发微博 alone: the author said nothing, so the chain is what they pass on.
  if (EMPTY_REPOST.test(own.replace(/[\s\p{P}]/gu, ''))) return [{ text: chain, weight: 1 }];
  return [
    { text: own, weight: 1 },
    { text: chain, weight: CHAIN_WEIGHT },
  ];
}

/**
 * The sentiment model's features of a post, repost-aware (`postParts`), on the lower-cased clean
 * text (NFKC, without links and mentions):
 * - character unigrams, bigrams and trigrams within runs of letters and digits, each occurrence
 *   valued weight/√(number of n-grams) (they catch words and negations, 不好, 不太好, without
 *   segmentation);
 * - group counts: emoticons (`[怒]`) and emoji of the lexicon by polarity; sentiment words of
 *   the lexicon by polarity, strength, negation (a negation within the six characters before
 *   the word in its clause) and degree (很, 太, 有点…); exclamation and question marks. The
 *   groups learn from every post that has one of their members, so an emoticon the training
 *   posts never had weighs as its group does;
 * - each emoticon and emoji the lexicon does not list, as a feature of its own.
 * Everything is valued by the weight of the part it is in.
 * Each feature is a slot of the weight tables (a 32-bit hash of its kind and characters).
 */
export function sentimentFeatures(text: string, into: Features = newFeatures()): Features {
  const state = begin(into);
  for (const part of postParts(text)) addPart(state, part.text, part.weight);
  return finish(state);
}

export function newFeatures(capacity = 1024): Features {
  return { ids: new Int32Array(capacity), values: new Float32Array(capacity), count: 0 };
}

/** The slot of a named feature (a group count, an emoticon), for the model file and tests. */
export function featureSlot(name: string): number {
  let hash = 0x811c9dc5 ^ 0x5bd1e995;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return finalSlot(hash);
}

interface State {
  out: Features;
  /** How many n-grams were added: their values are divided by √(this) at the end. */
  ngrams: number;
}

// Group counts of the current text, by group index (see GROUP_SLOTS).
const groupValues = new Float32Array(64);

function begin(out: Features): State {
  out.count = 0;
  groupValues.fill(0);
  return { out, ngrams: 0 };
}

function finish(state: State): Features {
  const { out } = state;
  if (state.ngrams > 0) {
    const scale = 1 / Math.sqrt(state.ngrams);
    for (let i = 0; i < out.count; i++) {
      const id = out.ids[i]!;
      // n-gram slots were marked negative (~slot) until now.
      if (id < 0) {
        out.ids[i] = ~id;
        out.values[i]! *= scale;
      }
    }
  }
  for (let group = 0; group < GROUP_SLOTS.length; group++) {
    const value = groupValues[group]!;
    if (value !== 0) append(out, GROUP_SLOTS[group]!, Math.min(value, MAX_GROUP_COUNT));
  }
  return out;
}

/**
 * Repeats of an n-gram or emoticon add up as separate entries (no look-up of what the text
 * already has: a table of that size would cost a cache miss per character).
 */
function append(out: Features, id: number, value: number) {
  if (out.count === out.ids.length) grow(out);
  out.ids[out.count] = id;
  out.values[out.count] = value;
  out.count++;
}

function addNgram(state: State, slot: number, value: number) {
  append(state.out, ~slot, value);
  state.ngrams++;
}

function grow(out: Features) {
  const ids = new Int32Array(out.ids.length * 2);
  const values = new Float32Array(out.values.length * 2);
  ids.set(out.ids);
  values.set(out.values);
  out.ids = ids;
  out.values = values;
}

const finalSlot = (hash: number) => {
  let h = hash;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> SHIFT;
};
const mix = (hash: number, unit: number) => Math.imul(hash ^ unit, 0x01000193);
const UNIGRAM = 0x1b873593;
const BIGRAM = 0x3c6ef372;
const TRIGRAM = 0x6a09e667;

/** The slot of each group, by group index. */
const GROUP_SLOTS: number[] = [];
const groupIndex = (name: string) => GROUP_SLOTS.push(featureSlot(name)) - 1;
/** Group indices of a kind's polarities, indexed by polarity + 2 (index 2 unused). */
const polarityGroups = (kind: string) =>
  [-2, -1, 0, 1, 2].map((polarity) => groupIndex(`${kind}:${polarity}`));
const GROUP = {
  emoticon: polarityGroups('emoticon'),
  emoji: polarityGroups('emoji'),
  word: polarityGroups('word'),
  negated: polarityGroups('negated'),
  strong: polarityGroups('strong'),
  weak: polarityGroups('weak'),
};
const EXCLAMATION = groupIndex('punct:!');
const QUESTION = groupIndex('punct:?');

const EMOTICON_SLOTS = new Map<string, number>();
const emoticonSlot = (name: string) => {
  let slot = EMOTICON_SLOTS.get(name);
  if (slot === undefined) {
    slot = featureSlot(`[${name}]`);
    if (EMOTICON_SLOTS.size < 10_000) EMOTICON_SLOTS.set(name, slot);
  }
  return slot;
};

// Lexicon words: whether a code unit starts one, one-character words, and longer words by their
// first two code units, longest first (a look-up per character must cost next to nothing).
const STARTS_WORD = new Uint8Array(0x10000);
const ONE_CHARACTER_WORDS = new Map<number, Polarity>();
const WORDS_BY_PAIR = new Map<number, [string, Polarity][]>();
for (const entry of [...SENTIMENT_WORDS].sort((a, b) => b[0].length - a[0].length)) {
  const [word, polarity] = entry;
  STARTS_WORD[word.charCodeAt(0)] = 1;
  if (word.length === 1) {
    ONE_CHARACTER_WORDS.set(word.charCodeAt(0), polarity);
    continue;
  }
  const pair = word.charCodeAt(0) * 0x10000 + word.charCodeAt(1);
  const list = WORDS_BY_PAIR.get(pair) ?? [];
  list.push(entry);
  WORDS_BY_PAIR.set(pair, list);
}
const NEGATION_WORDS = NEGATIONS.filter((word) => word.length > 1);
const NEGATION_UNITS = new Set(NEGATIONS.filter((w) => w.length === 1).map((w) => w.charCodeAt(0)));
const DEGREE = [...DEGREE_WORDS].sort((a, b) => b[0].length - a[0].length);
/** How far before a sentiment word a negation or degree word may stand. */
const WINDOW = 6;

function addPart(state: State, raw: string, weight: number) {
  const text = cleanPostText(raw).toLowerCase();
  let first = 0;
  let second = 0;
  let clauseStart = 0;
  let wordsFrom = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0x5b /* [ */) {
      const close = text.indexOf(']', i + 1);
      if (close > i + 1 && close - i <= 12) {
        const name = text.slice(i + 1, close);
        const polarity = WEIBO_EMOTICONS.get(name);
        if (polarity !== undefined) groupValues[GROUP.emoticon[polarity + 2]!]! += weight;
        else append(state.out, emoticonSlot(name), weight);
        i = close;
        first = second = 0;
        continue;
      }
    }
    if (isLetterOrDigit(unit)) {
      addNgram(state, finalSlot(mix(UNIGRAM, unit)), weight);
      if (second !== 0) {
        addNgram(state, finalSlot(mix(mix(BIGRAM, second), unit)), weight);
        if (first !== 0) {
          addNgram(state, finalSlot(mix(mix(mix(TRIGRAM, first), second), unit)), weight);
        }
      }
      first = second;
      second = unit;
      if (i >= wordsFrom) {
        const end = addWord(text, i, clauseStart, weight);
        if (end > i) wordsFrom = end;
      }
      continue;
    }
    first = second = 0;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const point = text.codePointAt(i)!;
      i++;
      if (point >= 0x1f000) addEmoji(state, point, weight);
      continue;
    }
    if ((unit >= 0x2600 && unit <= 0x27bf) || unit === 0x2b50) {
      addEmoji(state, unit, weight);
      continue;
    }
    if (unit === 0x21 /* ! */) groupValues[EXCLAMATION]! += weight;
    else if (unit === 0x3f /* ? */) groupValues[QUESTION]! += weight;
    // Spaces join the words of a clause; punctuation ends it.
    if (unit !== 0x20) clauseStart = i + 1;
  }
}

function addEmoji(state: State, point: number, weight: number) {
  // Skin tones stand beside an emoji that is counted already.
  if (point >= 0x1f3fb && point <= 0x1f3ff) return;
  const polarity = EMOJI.get(point);
  if (polarity !== undefined) groupValues[GROUP.emoji[polarity + 2]!]! += weight;
  else append(state.out, featureSlot(`emoji:${point}`), weight);
}

/** Counts the lexicon word starting at `at`, if any; returns where it ends (or `at`). */
function addWord(text: string, at: number, clauseStart: number, weight: number) {
  const first = text.charCodeAt(at);
  if (STARTS_WORD[first] === 0) return at;
  const candidates = WORDS_BY_PAIR.get(first * 0x10000 + text.charCodeAt(at + 1));
  if (candidates) {
    for (const [word, polarity] of candidates) {
      if (text.startsWith(word, at)) {
        return countWord(text, at, word.length, polarity, clauseStart, weight);
      }
    }
  }
  const polarity = ONE_CHARACTER_WORDS.get(first);
  if (polarity === undefined) return at;
  return countWord(text, at, 1, polarity, clauseStart, weight);
}

/** Counts a lexicon word in its group (negated, strengthened, softened or plain). */
function countWord(
  text: string,
  at: number,
  length: number,
  polarity: Polarity,
  clauseStart: number,
  weight: number,
) {
  const from = Math.max(clauseStart, at - WINDOW);
  let group = GROUP.word;
  if (isNegated(text, from, at)) group = GROUP.negated;
  else {
    const strength = degreeBefore(text, from, at);
    if (strength !== 0) group = strength > 1 ? GROUP.strong : GROUP.weak;
  }
  groupValues[group[polarity + 2]!]! += weight;
  return at + length;
}

/** Words that start with a negation character but negate nothing (非常好, 不仅好). */
const NOT_NEGATIONS = new Set(
  '非常 不仅 不但 不管 不论 不少 不久 不断 不过 不错 无论 无比 无限 别人 别的 没想到 未来'.split(
    ' ',
  ),
);
const NEGATION_START = new Uint8Array(0x10000);
for (const word of NEGATIONS) NEGATION_START[word.charCodeAt(0)] = 1;

/** Whether a negation stands in text[from, to). */
function isNegated(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    if (NEGATION_START[text.charCodeAt(i)] === 0) continue;
    if (NEGATION_UNITS.has(text.charCodeAt(i))) {
      if (!(i + 1 < to && NOT_NEGATIONS.has(text.slice(i, i + 2)))) return true;
      continue;
    }
    for (const word of NEGATION_WORDS) {
      if (i + word.length <= to && text.startsWith(word, i)) return true;
    }
  }
  return false;
}

const DEGREE_START = new Uint8Array(0x10000);
for (const [word] of DEGREE) DEGREE_START[word.charCodeAt(0)] = 1;

/** The strength of the first degree word in text[from, to), or 0. */
function degreeBefore(text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    if (DEGREE_START[text.charCodeAt(i)] === 0) continue;
    for (const [word, strength] of DEGREE) {
      if (i + word.length <= to && text.startsWith(word, i)) return strength;
    }
  }
  return 0;
}

/** Whether a code unit of lower-cased text is a letter or digit, CJK and ASCII without a regex. */
function isLetterOrDigit(unit: number): boolean {
  if (unit < 0x80) return (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x30 && unit <= 0x39);
  if (unit >= 0x4e00 && unit <= 0x9fff) return true;
  return unit < 0xd800 && LETTER_OR_DIGIT.test(String.fromCharCode(unit));
}
