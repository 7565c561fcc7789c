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
  for (const hit of tags.sentiments) {
    for (const topic of topicsOfSentiment(tags.topics, hit)) {
      topic.score += hit.weight;
      topic.sentimentWords.push(hit.word);
    }
  }
  return tags;
}

/** The topics a sentiment word is said of: those of its clause, else the nearest in its sentence. */
function topicsOfSentiment(topics: TopicMention[], hit: Mention): TopicMention[] {
  const inClause = topics.filter((topic) => topic.clause === hit.clause);
  if (inClause.length > 0) return inClause;
  const nearest = nearestInSentence(topics, hit);
  return nearest === -1 ? [] : [topics[nearest]!];
}

/**
 * The topic mention a product or brand mention is talked about with: the nearest one in its
 * clause, else the nearest before it in its sentence, else the nearest after it; -1 if none.
 */
export function topicOfMention(topics: readonly Mention[], mention: Mention): number {
  let best = -1;
  for (let i = 0; i < topics.length; i++) {
    const topic = topics[i]!;
    if (topic.clause !== mention.clause) continue;
    if (best === -1 || distance(topic, mention) < distance(topics[best]!, mention)) best = i;
  }
  return best === -1 ? nearestInSentence(topics, mention) : best;
}

function nearestInSentence(topics: readonly Mention[], mention: Mention): number {
  let before = -1;
  let after = -1;
  for (let i = 0; i < topics.length; i++) {
    const topic = topics[i]!;
    if (topic.sentence !== mention.sentence) continue;
    if (topic.begin <= mention.begin) before = i;
    else if (after === -1) after = i;
  }
  return before !== -1 ? before : after;
}

const distance = (a: Mention, b: Mention) => Math.abs(a.begin - b.begin);
