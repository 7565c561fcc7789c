import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { SENTIMENTS } from '@yuqing/core';
import { featureOf, sentimentFeatures } from './sentiment-features.js';

export type Sentiment = (typeof SENTIMENTS)[number];

export interface SentimentModel {
  classify(text: string): Sentiment;
  /** The probability that the text is positive, from 0 to 1. */
  score(text: string): number;
}

/**
 * The model file, written by `scripts/train-sentiment.ts`: a logistic regression over
 * `sentimentFeatures`, each present feature valued 1/√(number of distinct features of the text).
 * It has no intercept, so a text without known features scores 0.5, the middle of the 中性 band,
 * rather than leaning to whichever class the training reviews favoured.
 */
export interface SentimentModelFile {
  /** How the model was trained and measured, for people reading the file. */
  training: Record<string, unknown>;
  /** Scores strictly between `lower` and `upper` are 中性. */
  neutral: { lower: number; upper: number };
  /** The n-grams that have a weight, separated by spaces (quicker to parse than an object). */
  ngrams: string;
  /** The weight of each n-gram, in the same order. */
  weights: number[];
}

export const SENTIMENT_MODEL_URL = new URL('./sentiment-model.json.gz', import.meta.url);

let loaded: Promise<SentimentModel> | undefined;

/** The shipped model, read once per process. */
export function loadSentimentModel(): Promise<SentimentModel> {
  loaded ??= readFile(SENTIMENT_MODEL_URL).then((zipped) =>
    sentimentModelFrom(JSON.parse(gunzipSync(zipped).toString('utf8')) as SentimentModelFile),
  );
  return loaded;
}

export function sentimentModelFrom(file: SentimentModelFile): SentimentModel {
  const weights = new Map<number, number>();
  file.ngrams.split(' ').forEach((ngram, i) => weights.set(featureOf(ngram), file.weights[i]!));
  const { lower, upper } = file.neutral;
  const score = (text: string) => {
    const features = sentimentFeatures(text);
    let sum = 0;
    for (const feature of features) sum += weights.get(feature) ?? 0;
    const logit = features.size > 0 ? sum / Math.sqrt(features.size) : 0;
    return 1 / (1 + Math.exp(-logit));
  };
  return {
    score,
    classify(text) {
      const value = score(text);
      return value >= upper ? '正面' : value <= lower ? '负面' : '中性';
    },
  };
}
