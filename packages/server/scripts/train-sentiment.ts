/**
 * Trains the sentiment model and writes it beside sentiment.ts (sentiment-model.json.gz, with how
 * it was trained and measured in its `training` field).
 *
 *   npx tsx packages/server/scripts/train-sentiment.ts --data <folder> [--shared <shared/data>]
 *     [--without <source>]… [--no-write]
 *
 * The data folder holds the files of `SOURCES` (sentiment-sources.md says how to bring them).
 * Texts are deduplicated across sources (a text labelled both ways is dropped), every text that
 * overlaps a ChnSentiCorp copy is dropped, and each source is split by a hash of its text: 80%
 * trains, 10% (dev) picks the 中性 threshold, 10% (test) is measured once. `--without weibo`
 * trains without a source but still measures its test part: a domain the model never saw.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import {
  FEATURE_BITS,
  CHAIN_WEIGHT,
  newFeatures,
  sentimentFeatures,
} from '../src/ingest/enrich/sentiment-features.js';
import { SENTIMENT_WORDS, WEIBO_EMOTICONS } from '../src/ingest/enrich/sentiment-lexicon.js';
import {
  SENTIMENT_MODEL_URL,
  sentimentModelFrom,
  type SentimentModelFile,
} from '../src/ingest/enrich/sentiment.js';
import { trainHeads, type ExampleRows, type TrainingOptions } from './logistic-regression.js';
import {
  CHNSENTICORP_COPIES,
  HEADLINE_SHARE,
  NEWS_SENTENCES,
  newsSentences,
  OVERLAP_SHARE,
  OVERLAP_WINDOW,
  SOURCES,
  splitSources,
  type SourceKey,
} from './sentiment-data.js';
import { describe, measure, type Measure } from './sentiment-evaluation.js';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    shared: { type: 'string', default: '/work/shared/data' },
    without: { type: 'string', multiple: true, default: [] },
    'no-write': { type: 'boolean', default: false },
  },
});
if (!args.data) throw new Error('--data <folder with the sources> is required');
const DATA_DIR = args.data;
const SHARED_DIR = args.shared;
const WITHOUT = new Set(args.without as SourceKey[]);

const OPTIONS: TrainingOptions = {
  epochs: Number(process.env.SENT_EPOCHS ?? 10),
  learningRate: Number(process.env.SENT_LR ?? 0.4),
  l2: Number(process.env.SENT_L2 ?? 1e-6),
  minExamples: 2,
  seed: 7,
};
/** Each source's polar texts weigh this much in all, relative to the mean source. */
const SOURCE_BALANCE = Number(process.env.SENT_BALANCE ?? 1);
/** A polar dev set may have at most this share called 中性 at the chosen threshold. */
const MAX_POLAR_NEUTRAL = 0.1;

const say = (line: string) => process.stdout.write(`${line}\n`);

const { kept, counts, evaluationHeadlines, rowsOf, partOf } = splitSources(DATA_DIR, SHARED_DIR);
for (const [name, tally] of Object.entries(counts)) say(`${name}: ${JSON.stringify(tally)}`);

// ---- Training ------------------------------------------------------------------------------

const polarSources = (Object.keys(SOURCES) as SourceKey[]).filter(
  (key) => key !== 'headlines' && !WITHOUT.has(key),
);
const excluded = new Set([...WITHOUT].map((key) => SOURCES[key].name));
const training = kept.filter(
  (text) => partOf(text.bucket) === 'train' && !excluded.has(text.source),
);
const features = newFeatures();
const starts = new Int32Array(training.length + 1);
const idChunks: Int32Array[] = [];
const valueChunks: Float32Array[] = [];
let total = 0;
training.forEach(({ text }, i) => {
  sentimentFeatures(text, features);
  idChunks.push(features.ids.slice(0, features.count));
  valueChunks.push(features.values.slice(0, features.count));
  total += features.count;
  starts[i + 1] = total;
});
const rows: ExampleRows = {
  starts,
  ids: new Int32Array(total),
  values: new Float32Array(total),
  polarity: new Float32Array(training.length),
  opinion: new Float32Array(training.length),
  polarityWeight: new Float32Array(training.length),
  opinionWeight: new Float32Array(training.length),
};
idChunks.forEach((chunk, i) => rows.ids.set(chunk, starts[i]!));
valueChunks.forEach((chunk, i) => rows.values.set(chunk, starts[i]!));
// Polarity: each source's 正面 and 负面 weigh the same in all. Opinion: polar and 中性 alike.
const perSourceLabel = new Map<string, number>();
for (const { source, label } of training) {
  perSourceLabel.set(`${source}|${label}`, (perSourceLabel.get(`${source}|${label}`) ?? 0) + 1);
}
const polarCount = training.filter(({ label }) => label !== '中性').length;
const neutralCount = training.length - polarCount;
training.forEach(({ source, label }, i) => {
  if (label === '中性') {
    rows.polarity[i] = Number.NaN;
    rows.opinion[i] = 0;
    rows.opinionWeight[i] = polarCount / neutralCount;
    return;
  }
  const ofSource =
    (perSourceLabel.get(`${source}|正面`) ?? 0) + (perSourceLabel.get(`${source}|负面`) ?? 0);
  rows.polarity[i] = label === '正面' ? 1 : 0;
  // Sources weigh by their size (balance 0) or all alike (balance 1), or in between.
  const sourceShare = (polarCount / polarSources.length / ofSource) ** SOURCE_BALANCE;
  rows.polarityWeight[i] = (sourceShare * ofSource) / 2 / perSourceLabel.get(`${source}|${label}`)!;
  rows.opinion[i] = 1;
  rows.opinionWeight[i] = 1;
});
say(
  `training: ${training.length} texts (${polarCount} polar, ${neutralCount} 中性), ${total} features`,
);
const started = performance.now();
const heads = trainHeads(rows, 1 << FEATURE_BITS, OPTIONS);
say(`trained in ${((performance.now() - started) / 1000).toFixed(0)} s`);

// ---- The model file (quantised), and its 中性 threshold from the dev parts ------------------

const file = modelFile(heads);
const candidate = (threshold: number) =>
  sentimentModelFrom({ ...file, opinionThreshold: threshold });
const dev = (key: SourceKey) => rowsOf(key, 'dev');
let best = { threshold: 0.5, value: -1 };
for (let threshold = 0.05; threshold < 0.951; threshold += 0.025) {
  const model = candidate(threshold);
  const polar = polarSources.map((key) => measure(model, dev(key)));
  if (polar.some((m) => m.polarCalledNeutral! > MAX_POLAR_NEUTRAL)) continue;
  const neutral = measure(model, dev('headlines')).neutralShare;
  const value =
    (polar.reduce((sum, m) => sum + m.balancedAccuracy!, 0) + neutral) / (polar.length + 1);
  if (value > best.value) best = { threshold: Math.round(threshold * 1000) / 1000, value };
}
file.opinionThreshold = best.threshold;
say(`中性 threshold from the dev parts: opinion probability < ${best.threshold}`);

const model = sentimentModelFrom(file);
const figures: Record<string, Measure> = {};
for (const key of Object.keys(SOURCES) as SourceKey[]) {
  const name = `${SOURCES[key].name}, held-out test part${WITHOUT.has(key) ? ' (source not trained on)' : ''}`;
  figures[name] = measure(model, rowsOf(key, 'test'));
}
figures['shared weibo-hot-search titles 2026-07-25..08-23 (never trained on)'] = measure(
  model,
  evaluationHeadlines,
);
const sentences = newsSentences(DATA_DIR);
if (sentences) {
  figures[`${NEWS_SENTENCES.name}, 1/20 sample (never trained on, unlabelled: 中性 share)`] =
    measure(model, sentences);
}
for (const [name, figure] of Object.entries(figures)) say(describe(name, figure));

file.training = {
  sources: Object.fromEntries(
    (Object.keys(SOURCES) as SourceKey[]).map((key) => [
      SOURCES[key].name,
      { ...SOURCES[key], ...counts[SOURCES[key].name], trained: !WITHOUT.has(key) },
    ]),
  ),
  measuredOnly: NEWS_SENTENCES,
  overlapChecked: Object.values(CHNSENTICORP_COPIES).map(({ name, repository, path, commit }) => ({
    name,
    repository,
    path,
    commit,
  })),
  overlapRule: `same letters and digits (NFKC, lower case), or >= ${OVERLAP_SHARE * 100}% of the ${OVERLAP_WINDOW}-character windows in a ChnSentiCorp text`,
  split: 'FNV-1a of the text key mod 10: 0-7 train, 8 dev (中性 threshold), 9 test',
  features: `hashed (2^${FEATURE_BITS}) character 1-3-grams valued 1/sqrt(n), emoticons, emoji, lexicon groups (polarity x negation/degree), ! and ?; a repost chain weighs ${CHAIN_WEIGHT}`,
  options: OPTIONS,
  headlineShare: HEADLINE_SHARE,
  neutralRule: `opinion probability below the threshold that maximises the mean of the dev parts' balanced accuracies and the headlines' 中性 share, with no polar dev part above ${MAX_POLAR_NEUTRAL * 100}% called 中性`,
  lexicon: `${SENTIMENT_WORDS.size} words, ${WEIBO_EMOTICONS.size} emoticons (sentiment-lexicon.ts)`,
  figures,
};

if (!args['no-write'] && WITHOUT.size === 0) {
  const zipped = gzipSync(JSON.stringify(file), { level: 9 });
  writeFileSync(SENTIMENT_MODEL_URL, zipped);
  say(`model: ${(zipped.length / 1024).toFixed(0)} KiB gzip'd -> ${SENTIMENT_MODEL_URL.pathname}`);
}

/** The file of trained heads: weights quantised to 16 bits, slots without weight left out. */
function modelFile(trained: ReturnType<typeof trainHeads>): SentimentModelFile {
  const { polarity, opinion, opinionBias } = trained;
  let largest = 0;
  for (let slot = 0; slot < polarity.length; slot++) {
    largest = Math.max(largest, Math.abs(polarity[slot]!), Math.abs(opinion[slot]!));
  }
  const scale = largest / 32_767;
  const slots: number[] = [];
  const polarityWeights: number[] = [];
  const opinionWeights: number[] = [];
  let previous = 0;
  for (let slot = 0; slot < polarity.length; slot++) {
    const p = Math.round(polarity[slot]! / scale);
    const o = Math.round(opinion[slot]! / scale);
    if (p === 0 && o === 0) continue;
    for (let delta = slot - previous; ; delta = Math.floor(delta / 128)) {
      slots.push(delta >= 128 ? (delta & 0x7f) | 0x80 : delta);
      if (delta < 128) break;
    }
    previous = slot;
    polarityWeights.push(p);
    opinionWeights.push(o);
  }
  return {
    version: 2,
    training: {},
    featureBits: FEATURE_BITS,
    opinionBias,
    opinionThreshold: 0.5,
    scale,
    slots: Buffer.from(slots).toString('base64'),
    polarity: Buffer.from(Int16Array.from(polarityWeights).buffer).toString('base64'),
    opinion: Buffer.from(Int16Array.from(opinionWeights).buffer).toString('base64'),
  };
}
