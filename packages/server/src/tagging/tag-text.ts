import type { RuleKind, TagMatcher } from './compile-matcher.js';
import { normalise } from './normalise.js';
import { splitUnits } from './sentences.js';
import { boundaryVerdicts } from './word-boundaries.js';

/** A negation flips a sentiment word that starts at most this many characters after it ends. */
export const NEGATION_REACH = 3;

/** What a caller gives to tag: a post's or the tagging tool's title, text and body. */
export interface TagContent {
  title?: string;
  text?: string;
  body?: string;
}

/** Where a rule was found: its index in its kind's list, and the unit it was found in. */
export interface Mention {
  index: number;
  begin: number;
  sentence: number;
  clause: number;
  /** The normalised text matched. */
  word: string;
}

export interface SentimentHit extends Mention {
  /** The rule's weight, negated if a negation came just before. */
  weight: number;
}

export interface TopicMention extends Mention {
  /** Sum of the weights of the sentiment words said of this mention. */
  score: number;
  /** Shared by the topics of a clause said of alike: not to be changed. */
  sentimentWords: string[];
}

/** Every rule found in a text, in order of appearance. */
export interface TextTags {
  brands: Mention[];
  categories: Mention[];
  products: Mention[];
  topics: TopicMention[];
  sentiments: SentimentHit[];
  sentenceCount: number;
}

/** The text tagged: title, text and body as sentences in that order (a body equal to text once). */
export function joinContent({ title = '', text = '', body = '' }: TagContent): string {
  const parts = [title, text];
  if (body !== text) parts.push(body);
  return parts.filter((part) => part.trim() !== '').join('\n');
}

/** The rules found in a normalised text, as scanRules reports them. */
export interface RuleVisitor {
  /** A brand, category, product or topic: `word` is the normalised text matched. */
  rule(
    kind: FoundKind,
    index: number,
    begin: number,
    sentence: number,
    clause: number,
    word: string,
  ): void;
  /**
   * A sentiment word; `negationBegin` is where the negation that flips it begins, -1 when none
   * does.
   */
  sentiment(
    index: number,
    begin: number,
    end: number,
    sentence: number,
    clause: number,
    word: string,
    negationBegin: number,
  ): void;
}

/** The kinds of rule a visitor is told of by `rule`. */
export type FoundKind = Exclude<RuleKind, 'sentiment' | 'negation'>;

/**
 * Finds the rules in a normalised text: leftmost-longest matches on word boundaries, each placed
 * in its sentence and clause, a sentiment word flipped by a negation just before it in the same
 * clause. Tells the visitor in order of appearance and answers the number of sentences.
 */
export function scanRules(matcher: TagMatcher, text: string, visitor: RuleVisitor): number {
  const { sentenceStarts, clauseStarts } = splitUnits(text);
  const matches = matcher.automaton.match(text);
  const verdicts = boundaryVerdicts(text, matches, matcher.negationOnly);
  const { words } = matcher.automaton;
  let sentence = 0;
  let clause = 0;
  // The negation that may flip the next sentiment word: where it begins and ends, its clause.
  let negationBegin = -1;
  let negationEnd = 0;
  let negationClause = -1;
  for (let i = 0; i < matches.count; i++) {
    const begin = matches.begin[i]!;
    while (sentence + 1 < sentenceStarts.length && sentenceStarts[sentence + 1]! <= begin)
      sentence++;
    while (clause + 1 < clauseStarts.length && clauseStarts[clause + 1]! <= begin) clause++;
    if (verdicts[i] !== 1) continue;
    const end = matches.end[i]!;
    const word = words[matches.word[i]!]!;
    for (const { kind, index } of matcher.wordRefs[matches.word[i]!]!) {
      if (kind === 'negation') {
        negationBegin = begin;
        negationEnd = end;
        negationClause = clause;
      } else if (kind === 'sentiment') {
        const negated =
          negationBegin !== -1 &&
          negationClause === clause &&
          begin - negationEnd <= NEGATION_REACH;
        visitor.sentiment(index, begin, end, sentence, clause, word, negated ? negationBegin : -1);
        if (negated) negationBegin = -1;
      } else {
        visitor.rule(kind, index, begin, sentence, clause, word);
      }
    }
  }
  return sentenceStarts.length;
}

/** Collects the mentions of tagText. */
class MentionCollector implements RuleVisitor {
  readonly tags: TextTags = {
    brands: [],
    categories: [],
    products: [],
    topics: [],
    sentiments: [],
    sentenceCount: 0,
  };

  constructor(
    private readonly matcher: TagMatcher,
    private readonly text: string,
  ) {}

  rule(
    kind: FoundKind,
    index: number,
    begin: number,
    sentence: number,
    clause: number,
    word: string,
  ) {
    if (kind === 'topic') {
      this.tags.topics.push({ index, begin, sentence, clause, word, score: 0, sentimentWords: [] });
      return;
    }
    const list =
      kind === 'brand'
        ? this.tags.brands
        : kind === 'category'
          ? this.tags.categories
          : this.tags.products;
    list.push({ index, begin, sentence, clause, word });
  }

  sentiment(
    index: number,
    begin: number,
    end: number,
    sentence: number,
    clause: number,
    word: string,
    negationBegin: number,
  ) {
    const weight = this.matcher.rules.sentiments[index]!.weight;
    this.tags.sentiments.push({
      index,
      begin,
      sentence,
      clause,
      word: negationBegin === -1 ? word : this.text.slice(negationBegin, end),
      weight: negationBegin === -1 ? weight : -weight,
    });
  }
}

/**
 * Finds the rules in a text: leftmost-longest matches of the normalised text on word boundaries,
 * each placed in its sentence and clause; sentiment words flipped by a negation just before them
 * in the same clause, and said of the topics of their clause (else of the nearest one in their
 * sentence, the one before first).
 */
export function tagText(matcher: TagMatcher, content: TagContent): TextTags {
  const text = normalise(joinContent(content));
  const collector = new MentionCollector(matcher, text);
  const { tags } = collector;
  tags.sentenceCount = scanRules(matcher, text, collector);
  sayOfTopics(tags);
  return tags;
}

/**
 * Each topic mention's score and sentiment words: those of every sentiment word of its clause,
 * and of each word of a clause without topics that is said of it as the nearest in its sentence,
 * in order. A clause's words are summed once and their list shared by its topics (read only): a
 * clause of thousands of topics and feelings made millions of entries when each topic had its own.
 */
function sayOfTopics(tags: TextTags): void {
  const { topics } = tags;
  const index = topicIndexOf(topics);
  const clauseHits = new Map<number, SentimentHit[]>();
  const nearestHits = new Map<number, SentimentHit[]>();
  const add = <K>(map: Map<K, SentimentHit[]>, key: K, hit: SentimentHit) => {
    const list = map.get(key);
    if (list) list.push(hit);
    else map.set(key, [hit]);
  };
  for (const hit of tags.sentiments) {
    if (index.byClause.has(hit.clause)) add(clauseHits, hit.clause, hit);
    else {
      const nearest = nearestInSentence(topics, index, hit);
      if (nearest !== -1) add(nearestHits, nearest, hit);
    }
  }
  const saidInClause = new Map<number, { score: number; words: string[] }>();
  topics.forEach((topic, i) => {
    const inClause = clauseHits.get(topic.clause) ?? [];
    const nearest = nearestHits.get(i);
    let said = nearest ? sumOf(mergeByBegin(inClause, nearest)) : saidInClause.get(topic.clause);
    if (!said) saidInClause.set(topic.clause, (said = sumOf(inClause)));
    topic.score = said.score;
    topic.sentimentWords = said.words;
  });
}

function sumOf(hits: readonly SentimentHit[]) {
  let score = 0;
  const words: string[] = [];
  for (const hit of hits) {
    score += hit.weight;
    words.push(hit.word);
  }
  return { score, words };
}

/** Two lists of hits in text order as one. */
function mergeByBegin(a: readonly SentimentHit[], b: readonly SentimentHit[]): SentimentHit[] {
  const merged: SentimentHit[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j === b.length || (i < a.length && a[i]!.begin < b[j]!.begin)) merged.push(a[i++]!);
    else merged.push(b[j++]!);
  }
  return merged;
}

/** The topic mentions (their indexes, in text order) of each clause and of each sentence. */
interface TopicIndex {
  byClause: Map<number, number[]>;
  bySentence: Map<number, number[]>;
}

/** By topic list: a text's topics are looked up for each of its mentions. */
const topicIndexes = new WeakMap<readonly Mention[], TopicIndex>();

function topicIndexOf(topics: readonly Mention[]): TopicIndex {
  let index = topicIndexes.get(topics);
  if (!index) {
    index = { byClause: new Map(), bySentence: new Map() };
    topics.forEach((topic, i) => {
      for (const [map, key] of [
        [index!.byClause, topic.clause],
        [index!.bySentence, topic.sentence],
      ] as const) {
        const list = map.get(key);
        if (list) list.push(i);
        else map.set(key, [i]);
      }
    });
    topicIndexes.set(topics, index);
  }
  return index;
}

/** How many of the listed topics begin at or before `begin` (the list is in text order). */
function countAtOrBefore(topics: readonly Mention[], list: readonly number[], begin: number) {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (topics[list[middle]!]!.begin <= begin) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The topic mention a product or brand mention is talked about with: the nearest one in its
 * clause (the earlier of two as near), else the nearest before it in its sentence, else the
 * nearest after it; -1 if none. The topics are those of one tagText answer, in text order.
 */
export function topicOfMention(topics: readonly Mention[], mention: Mention): number {
  const index = topicIndexOf(topics);
  const inClause = index.byClause.get(mention.clause);
  if (!inClause) return nearestInSentence(topics, index, mention);
  const count = countAtOrBefore(topics, inClause, mention.begin);
  const before = count > 0 ? inClause[count - 1]! : -1;
  const after = count < inClause.length ? inClause[count]! : -1;
  if (before === -1) return after;
  if (after === -1) return before;
  return distance(topics[before]!, mention) <= distance(topics[after]!, mention) ? before : after;
}

function nearestInSentence(topics: readonly Mention[], index: TopicIndex, mention: Mention) {
  const inSentence = index.bySentence.get(mention.sentence);
  if (!inSentence) return -1;
  const count = countAtOrBefore(topics, inSentence, mention.begin);
  return count > 0 ? inSentence[count - 1]! : inSentence[0]!;
}

const distance = (a: Mention, b: Mention) => Math.abs(a.begin - b.begin);
