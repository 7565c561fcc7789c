import { SENTIMENTS } from '@yuqing/core';
import { postWords } from './post-text.js';
import type { Post, Province } from '@yuqing/core';
import { provinceOf } from './province.js';
import { loadSentimentModel, type Sentiment } from './sentiment.js';
import { duplicateKey } from './near-duplicates.js';
import { simhashOfWords } from './simhash.js';
import { cloudWords } from './tokens.js';

export interface EnrichInput {
  title: string;
  text: string;
  body: string;
  tendency?: string;
  province?: string;
  location?: string;
}

/** What the enricher reads of a validated post: an empty tendency or province counts as none. */
export const enrichInputOf = (post: Post): EnrichInput => ({
  title: post.title,
  text: post.text,
  body: post.body,
  tendency: post.tendency || undefined,
  province: post.province || undefined,
  location: post.location,
});

export interface Enrichment {
  tendency: Sentiment;
  tokens: string[];
  simhash: string;
  /** The near-duplicate key of the title and text (near-duplicates.ts). */
  dupKey: string;
  province: Province | '';
}

export interface Enricher {
  enrich(input: EnrichInput, options: { discardWords: ReadonlySet<string> }): Enrichment;
}

/**
 * Derives what a post needs beyond its import: tendency and province when the import gave none
 * that is valid, and always its word-cloud tokens, SimHash and near-duplicate key. All of them read the title and the
 * text, or the body when there is no text.
 */
export async function createEnricher(): Promise<Enricher> {
  const sentiment = await loadSentimentModel();
  return {
    enrich(input, { discardWords }) {
      const content = `${input.title}\n${input.text || input.body}`;
      const words = postWords(content);
      return {
        tendency: isSentiment(input.tendency) ? input.tendency : sentiment.classify(content),
        tokens: cloudWords(words, discardWords),
        simhash: simhashOfWords(words),
        dupKey: duplicateKey(content),
        // A given province is kept in its map name (广东省 -> 广东); otherwise the location decides.
        province: provinceOf(input.province ?? '') || provinceOf(input.location ?? ''),
      };
    },
  };
}

function isSentiment(value: string | undefined): value is Sentiment {
  return (SENTIMENTS as readonly (string | undefined)[]).includes(value);
}
