import type { TagMatcher } from './compile-matcher.js';
import { normalise } from './normalise.js';
import { splitUnits, unitCursor } from './sentences.js';
import { boundaryCheck } from './word-boundaries.js';

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

/**
 * Finds the rules in a text: leftmost-longest matches of the normalised text on word boundaries,
 * each placed in its sentence and clause; sentiment words flipped by a negation just before them
 * in the same clause, and said of the topics of their clause (else of the nearest one in their
 * sentence, the one before first).
 */
export function tagText(matcher: TagMatcher, content: TagContent): TextTags {
  const text = normalise(joinContent(content));
  const { sentenceStarts, clauseStarts } = splitUnits(text);
  const matches = matcher.automaton.matchInText(text);
  const onBoundaries = boundaryCheck(text, sentenceStarts, matches);
  const sentenceOf = unitCursor(sentenceStarts);
  const clauseOf = unitCursor(clauseStarts);
  const tags: TextTags = {
    brands: [],
    categories: [],
    products: [],
    topics: [],
    sentiments: [],
    sentenceCount: sentenceStarts.length,
  };
  let negation: { begin: number; end: number; clause: number } | undefined;

  for (const match of matches) {
    const { begin, end, keyword } = match;
    const sentence = sentenceOf(begin);
    const clause = clauseOf(begin);
    const refs = matcher.refs.get(keyword)!;
    const isNegation = refs.length === 1 && refs[0]!.kind === 'negation';
    if (!isNegation && !onBoundaries(match)) continue;
    for (const { kind, index } of refs) {
      const mention = { index, begin, sentence, clause, word: keyword };
      switch (kind) {
        case 'negation':
          negation = { begin, end, clause };
          break;
        case 'sentiment': {
          const negated =
            negation !== undefined &&
            negation.clause === clause &&
            begin - negation.end <= NEGATION_REACH;
          const weight = matcher.rules.sentiments[index]!.weight;
          tags.sentiments.push({
            ...mention,
            word: negated ? text.slice(negation!.begin, end) : keyword,
            weight: negated ? -weight : weight,
          });
          if (negated) negation = undefined;
          break;
        }
        case 'topic':
          tags.topics.push({ ...mention, score: 0, sentimentWords: [] });
          break;
        case 'brand':
          tags.brands.push(mention);
          break;
        case 'category':
          tags.categories.push(mention);
          break;
        case 'product':
          tags.products.push(mention);
          break;
      }
    }
  }
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
