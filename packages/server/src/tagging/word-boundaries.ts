import { dict } from '@node-rs/jieba/dict.js';
import type { WordMatches } from './automaton.js';
import { sharedJieba } from './jieba.js';

/** Words this long or shorter must be whole words of the sentence (好 is not in 好像). */
export const SHORT_WORD = 2;
/**
 * Degree adverbs and negations jieba's dictionary fuses with the word after them (很好看, 太慢,
 * 不快): a short word may start after them inside one of jieba's words.
 */
const FUSED_PREFIXES = new Set([...'很太真挺超最更蛮不没'].map((char) => char.charCodeAt(0)));

/**
 * The code units of jieba's runs: it cuts each maximal run of CJK ideographs, ASCII letters and
 * digits and `+#&._%-` on its own (jieba-rs `is_han_default`), and every other character is a word
 * of its own. Surrogates count as run characters too (CJK beyond the BMP is in jieba's runs), so a
 * span bounded by other characters always holds whole runs.
 */
const IN_RUN = new Uint8Array(0x10000);
for (const [from, to] of [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x61, 0x7a],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xf900, 0xfaff],
  [0xd800, 0xdfff],
] as const)
  IN_RUN.fill(1, from, to + 1);
for (const char of '+#&._%-') IN_RUN[char.charCodeAt(0)] = 1;

/**
 * A set of two or three UTF-16 code units, open addressing over two 32-bit halves of a key (a Set
 * of numbers would hold most keys as heap numbers): a pair (a, b) is kept as (0x10000, ab), a
 * triple (a, b, c) as (a + 1, bc); a first half of 0 marks an empty slot.
 */
class CodeGrams {
  private first: Int32Array;
  private rest: Int32Array;
  private shift: number;
  private size = 0;

  /** Room for 2^(bits - 1) keys before the first growth. */
  constructor(bits: number) {
    this.first = new Int32Array(1 << bits);
    this.rest = new Int32Array(1 << bits);
    this.shift = 32 - bits;
  }

  addPair(a: number, b: number): void {
    this.add(0x10000, (a << 16) | b);
  }

  addTriple(a: number, b: number, c: number): void {
    this.add(a + 1, (b << 16) | c);
  }

  hasPair(a: number, b: number): boolean {
    return this.has(0x10000, (a << 16) | b);
  }

  hasTriple(a: number, b: number, c: number): boolean {
    return this.has(a + 1, (b << 16) | c);
  }

  private slot(first: number, rest: number, shift: number): number {
    return Math.imul(Math.imul(first, 0x85ebca6b) ^ rest, 0x9e3779b1) >>> shift;
  }

  private has(first: number, rest: number): boolean {
    const mask = this.first.length - 1;
    for (let slot = this.slot(first, rest, this.shift); ; slot = (slot + 1) & mask) {
      const at = this.first[slot]!;
      if (at === 0) return false;
      if (at === first && this.rest[slot] === rest) return true;
    }
  }

  private add(first: number, rest: number): void {
    if ((this.size + 1) * 2 > this.first.length) this.grow();
    if (this.put(this.first, this.rest, this.shift, first, rest)) this.size++;
  }

  /** Stores a key in the given halves; false if it was there already. */
  private put(firsts: Int32Array, rests: Int32Array, shift: number, first: number, rest: number) {
    const mask = firsts.length - 1;
    for (let slot = this.slot(first, rest, shift); ; slot = (slot + 1) & mask) {
      const at = firsts[slot]!;
      if (at === 0) {
        firsts[slot] = first;
        rests[slot] = rest;
        return true;
      }
      if (at === first && rests[slot] === rest) return false;
    }
  }

  private grow(): void {
    const firsts = new Int32Array(this.first.length * 2);
    const rests = new Int32Array(this.first.length * 2);
    const shift = this.shift - 1;
    for (let slot = 0; slot < this.first.length; slot++)
      if (this.first[slot] !== 0)
        this.put(firsts, rests, shift, this.first[slot]!, this.rest[slot]!);
    this.first = firsts;
    this.rest = rests;
    this.shift = shift;
  }
}

let dictionaryGrams: CodeGrams | undefined;

/**
 * jieba's dictionary words of two characters, and every three characters in a row inside a longer
 * one (read once, ~0.15 s). A dictionary word runs across an offset only if it is the two
 * characters around it or holds them with the one before or the one after.
 */
function gramsOfDictionary(): CodeGrams {
  // 114,000 words of two characters and 285,000 triples.
  const grams = new CodeGrams(20);
  const text = new TextDecoder().decode(dict);
  for (let start = 0; start < text.length;) {
    let lineEnd = text.indexOf('\n', start);
    if (lineEnd === -1) lineEnd = text.length;
    let wordEnd = text.indexOf(' ', start);
    if (wordEnd === -1 || wordEnd > lineEnd) wordEnd = lineEnd;
    if (wordEnd - start === 2) grams.addPair(text.charCodeAt(start), text.charCodeAt(start + 1));
    for (let i = start; i + 2 < wordEnd; i++)
      grams.addTriple(text.charCodeAt(i), text.charCodeAt(i + 1), text.charCodeAt(i + 2));
    start = lineEnd + 1;
  }
  return grams;
}

/**
 * Whether a dictionary word may run across `offset`. Without HMM jieba's words of Chinese are
 * dictionary words (or single characters), so where none runs across an offset, jieba's words
 * end there and it need not be asked.
 */
function mayJoin(text: string, offset: number): boolean {
  if (offset === 0 || offset >= text.length) return false;
  dictionaryGrams ??= gramsOfDictionary();
  const before = text.charCodeAt(offset - 1);
  const after = text.charCodeAt(offset);
  return (
    dictionaryGrams.hasPair(before, after) ||
    (offset >= 2 && dictionaryGrams.hasTriple(text.charCodeAt(offset - 2), before, after)) ||
    (offset + 1 < text.length &&
      dictionaryGrams.hasTriple(before, after, text.charCodeAt(offset + 1)))
  );
}

const isAsciiWordChar = (code: number) =>
  (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a);

function hasWideCharacter(text: string, begin: number, end: number): boolean {
  for (let i = begin; i < end; i++) if (text.charCodeAt(i) > 0x7f) return true;
  return false;
}

const KEEP = 1;
const ASK_JIEBA = 2;
/** Per match: KEEP, 0 (not on word boundaries) or, while deciding, ASK_JIEBA. */
let verdicts = new Uint8Array(64);
/** Per offset of the text: 1 where one of jieba's words begins or ends (in the runs it cut). */
let keptBoundaries = new Uint8Array(256);
const KEPT_BOUNDARIES = 0x10000;

/**
 * Which matches of a normalised text lie on word boundaries: Latin letters and digits may not run
 * on past either end (a6 is not in a66), and a short word with Chinese in it must begin and end
 * where jieba's words do, or begin after a fused degree adverb or negation. Matches of words whose
 * `exempt` entry is 1 are kept unchecked. Jieba cuts only the runs (see IN_RUN) holding short
 * words that a dictionary word may run across, all in one call (a call costs more than a run's
 * words): it cuts each run on its own, so the runs cut alone end where the text cut whole does.
 * The answer (1: keep the match) is overwritten by the next call.
 */
export function boundaryVerdicts(
  text: string,
  matches: WordMatches,
  exempt: Uint8Array,
): Uint8Array {
  const { count, begin, end, word } = matches;
  if (verdicts.length < count) verdicts = new Uint8Array(count * 2);
  let asks = 0;
  for (let i = 0; i < count; i++) {
    const verdict = exempt[word[i]!] === 1 ? KEEP : verdictWithoutJieba(text, begin[i]!, end[i]!);
    verdicts[i] = verdict;
    if (verdict === ASK_JIEBA) asks++;
  }
  if (asks > 0) askJieba(text, matches);
  return verdicts;
}

function verdictWithoutJieba(text: string, begin: number, end: number): number {
  if (
    begin > 0 &&
    isAsciiWordChar(text.charCodeAt(begin)) &&
    isAsciiWordChar(text.charCodeAt(begin - 1))
  )
    return 0;
  if (isAsciiWordChar(text.charCodeAt(end - 1)) && isAsciiWordChar(text.charCodeAt(end))) return 0;
  const needsJieba =
    end - begin <= SHORT_WORD &&
    hasWideCharacter(text, begin, end) &&
    (mayJoin(text, begin) || mayJoin(text, end));
  return needsJieba ? ASK_JIEBA : KEEP;
}

/** Decides the matches waiting for jieba from one cut of the runs around them. */
function askJieba(text: string, { count, begin, end }: WordMatches): void {
  // The spans to cut, ascending: from the run start before a match to the run end after it.
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < count; i++) {
    if (verdicts[i] !== ASK_JIEBA) continue;
    let from = begin[i]!;
    while (from > 0 && IN_RUN[text.charCodeAt(from - 1)] === 1) from--;
    let to = end[i]!;
    while (to < text.length && IN_RUN[text.charCodeAt(to)] === 1) to++;
    // Matches are ascending and do not overlap: a span overlapping the last is the same run(s).
    if (ends.length > 0 && from < ends[ends.length - 1]!)
      ends[ends.length - 1] = Math.max(ends[ends.length - 1]!, to);
    else {
      starts.push(from);
      ends.push(to);
    }
  }
  // Kept between calls up to 64 K characters; a longer text has its own.
  let boundaries = keptBoundaries;
  if (boundaries.length < text.length + 1) {
    boundaries = new Uint8Array(text.length + 1);
    if (text.length < KEPT_BOUNDARIES) keptBoundaries = boundaries;
  }
  // The spans joined by spaces, which are no run characters and a word of their own (jieba
  // groups none but \r\n): each span is cut as it is in the text.
  let joined = text.slice(starts[0], ends[0]);
  for (let span = 1; span < starts.length; span++)
    joined += ` ${text.slice(starts[span], ends[span])}`;
  for (const start of starts) boundaries[start] = 1;
  let span = 0;
  // Where the current span starts in `joined`, and where it ends.
  let spanAt = 0;
  let spanEnd = ends[0]! - starts[0]!;
  let at = 0;
  for (const piece of sharedJieba().cut(joined, false)) {
    if (at > spanEnd) {
      span++;
      spanAt = at;
      spanEnd = spanAt + ends[span]! - starts[span]!;
    }
    if (at < spanEnd) {
      const offset = starts[span]! + at - spanAt;
      for (let i = 0; i < piece.length - 1 && FUSED_PREFIXES.has(piece.charCodeAt(i)); i++)
        boundaries[offset + i + 1] = 1;
      boundaries[offset + piece.length] = 1;
    }
    at += piece.length;
  }
  for (let i = 0; i < count; i++) {
    if (verdicts[i] !== ASK_JIEBA) continue;
    verdicts[i] = boundaries[begin[i]!] === 1 && boundaries[end[i]!] === 1 ? KEEP : 0;
  }
  for (let span = 0; span < starts.length; span++)
    boundaries.fill(0, starts[span], ends[span]! + 1);
}
