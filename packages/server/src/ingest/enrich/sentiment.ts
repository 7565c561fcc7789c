import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { SENTIMENTS } from '@yuqing/core';
import { FEATURE_BITS, newFeatures, sentimentFeatures } from './sentiment-features.js';

export type Sentiment = (typeof SENTIMENTS)[number];

export interface SentimentModel {
  classify(text: string): Sentiment;
  /** The probability that the text is positive rather than negative, from 0 to 1. */
  score(text: string): number;
}

/**
 * The model file, written by `scripts/train-sentiment.ts`: two logistic regressions over the
 * hashed `sentimentFeatures` of a post, sharing their slots.
 * - polarity (正面 against 负面), without intercept, so a text without known features scores 0.5;
 * - opinion (whether the text takes a side at all, against plain news and headlines), with
 *   intercept: below `opinionThreshold` the text is 中性.
 * Weights are stored as 16-bit integers times `scale`, for the slots that have one.
 */
export interface SentimentModelFile {
  version: 2;
  /** How the model was trained and measured, for people reading the file. */
  training: Record<string, unknown>;
  featureBits: number;
  opinionBias: number;
  opinionThreshold: number;
  scale: number;
  /** Base64 of the slots that have a weight: differences from the previous slot, as LEB128. */
  slots: string;
  /** Base64 of Int16 weights, one per slot, in the same order. */
  polarity: string;
  opinion: string;
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

/**
 * The weights of a model file: polarity and opinion of each feature slot side by side, as the
 * file's 16-bit integers (one cache line brings both; 4 MiB in all).
 */
export function weightTable(file: SentimentModelFile): Int16Array {
  if (file.version !== 2 || file.featureBits !== FEATURE_BITS) {
    throw new Error('sentiment model file of another version: run scripts/train-sentiment.ts');
  }
  const slots = Buffer.from(file.slots, 'base64');
  const polarity = new Int16Array(bytes(file.polarity));
  const opinion = new Int16Array(bytes(file.opinion));
  const table = new Int16Array(2 << FEATURE_BITS);
  let slot = 0;
  let at = 0;
  for (let i = 0; i < polarity.length; i++) {
    let delta = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = slots[at++]!;
      delta += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) break;
    }
    slot += delta;
    table[2 * slot] = polarity[i]!;
    table[2 * slot + 1] = opinion[i]!;
  }
  return table;
}

function bytes(base64: string): ArrayBuffer {
  const buffer = Buffer.from(base64, 'base64');
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength);
}

export function sentimentModelFrom(file: SentimentModelFile): SentimentModel {
  const table = weightTable(file);
  const { scale, opinionBias, opinionThreshold } = file;
  // One buffer per model, reused by every call (a thread classifies one text at a time).
  const features = newFeatures();
  // The opinion sum (in the table's integer units) at which its probability reaches the threshold.
  const opinionLimit = (Math.log(opinionThreshold / (1 - opinionThreshold)) - opinionBias) / scale;
  return {
    score(text) {
      sentimentFeatures(text, features);
      let side = 0;
      for (let i = 0; i < features.count; i++) {
        side += table[2 * features.ids[i]!]! * features.values[i]!;
      }
      return 1 / (1 + Math.exp(-side * scale));
    },
    classify(text) {
      sentimentFeatures(text, features);
      let side = 0;
      let opinion = 0;
      for (let i = 0; i < features.count; i++) {
        const at = 2 * features.ids[i]!;
        const value = features.values[i]!;
        side += table[at]! * value;
        opinion += table[at + 1]! * value;
      }
      if (opinion < opinionLimit || side === 0) return '中性';
      return side > 0 ? '正面' : '负面';
    },
  };
}
