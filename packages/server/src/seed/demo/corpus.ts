import { readFileSync } from 'node:fs';

/** Real texts the demo posts are built from; see corpus/README.md for sources and licences. */
export interface Corpus {
  /** Short review clauses labelled positive. */
  positive: string[];
  /** Short review clauses labelled negative. */
  negative: string[];
  /** Weibo hot-search titles, one list per day, in rank order. */
  trendingDays: string[][];
}

const read = (path: string) => readFileSync(new URL(`./corpus/${path}`, import.meta.url), 'utf8');
const lines = (text: string) => text.split('\n').filter(Boolean);

function trendingByDay(tsv: string): string[][] {
  const days = new Map<string, string[]>();
  for (const line of lines(tsv)) {
    const [day = '', title = ''] = line.split('\t');
    const titles = days.get(day) ?? [];
    titles.push(title);
    days.set(day, titles);
  }
  return [...days.keys()].sort().map((day) => days.get(day) as string[]);
}

let loaded: Corpus | undefined;

export function loadCorpus(): Corpus {
  loaded ??= {
    positive: lines(read('sentiment/positive.txt')),
    negative: lines(read('sentiment/negative.txt')),
    trendingDays: trendingByDay(read('weibo-hot-search/titles.tsv')),
  };
  return loaded;
}
