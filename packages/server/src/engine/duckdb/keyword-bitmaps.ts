import type { DuckDBBitValue, DuckDBBlobValue, DuckDBConnection } from '@duckdb/node-api';
import { eventLoopTurns } from '../event-loop-turns.js';
import { PkBitmap } from './pk-bitmap.js';
import { Params, setKey, type KeywordSet } from './sql.js';

/**
 * Keyword sets' bitmaps over pks, by project, size and set, kept until the next write (`clear`):
 * a dashboard asks many aggregations of the same keywords at once, and a page asks for its list
 * and its total.
 */
export class KeywordBitmaps {
  private readonly kept = new Map<string, DuckDBBitValue>();
  private generation = 0;
  /** A bound bitmap's name in cached answers' keys: its set and the write generation. */
  readonly names = new WeakMap<object, string>();

  constructor(private readonly reader: () => DuckDBConnection) {}

  /** The bitmaps of `sets` for pks below `size`, computing those not kept. */
  async of(
    projectId: string,
    sets: readonly KeywordSet[],
    size: number,
  ): Promise<(set: KeywordSet) => DuckDBBitValue> {
    const generation = this.generation;
    const key = (set: KeywordSet) => `${projectId}\u0000${size}\u0000${setKey(set)}`;
    const missing = sets.filter((set) => !this.kept.has(key(set)));
    const computed = new Map<string, DuckDBBitValue>();
    if (missing.length > 0) {
      const bitmaps = await keywordBitmaps(this.reader(), projectId, missing, size);
      missing.forEach((set, i) => {
        const value = bitmaps[i]!.toValue();
        this.names.set(value, `${generation}\u0000${key(set)}`);
        computed.set(key(set), value);
      });
      if (generation === this.generation) {
        if (this.kept.size + missing.length > 32) this.kept.clear();
        for (const [cacheKey, bitmap] of computed) this.kept.set(cacheKey, bitmap);
      }
    }
    return (set) => computed.get(key(set)) ?? this.kept.get(key(set))!;
  }

  /** A write happened: kept bitmaps are stale. */
  clear(): void {
    this.generation++;
    this.kept.clear();
  }
}

/** The bitmaps of keyword sets over pks below `size`, from one read of their bigrams' rows. */
export async function keywordBitmaps(
  reader: DuckDBConnection,
  projectId: string,
  sets: KeywordSet[],
  size: number,
): Promise<PkBitmap[]> {
  const grams = new Set<number>();
  const collect = (set: KeywordSet): void => {
    if ('gram' in set) grams.add(set.gram);
    else set.sets.forEach(collect);
  };
  sets.forEach(collect);
  const params = new Params();
  const rows = await reader.runAndReadAll(
    `SELECT gram, base, postings FROM post_grams
     WHERE project_id = ${params.bind(projectId)} AND gram IN (${[...grams]
       .map((gram) => params.bind(gram))
       .join(', ')})`,
    params.values,
  );
  // Bitmaps cost (grams × posts / 8) bytes: at a million posts a long expression works for
  // seconds, so other requests get turns in between.
  const pause = eventLoopTurns();
  const ofGram = new Map([...grams].map((gram) => [gram, PkBitmap.empty(size)]));
  for (const [gram, base, postings] of rows.getRows()) {
    ofGram.get(Number(gram))!.addPostings(Number(base), (postings as DuckDBBlobValue).bytes);
    await pause();
  }
  const evaluate = async (set: KeywordSet): Promise<PkBitmap> => {
    if ('gram' in set) return ofGram.get(set.gram)!;
    let result: PkBitmap | undefined;
    for (const part of set.sets) {
      const bitmap = await evaluate(part);
      result = !result ? bitmap : set.op === 'and' ? result.and(bitmap) : result.or(bitmap);
      await pause();
    }
    return result!;
  };
  const bitmaps: PkBitmap[] = [];
  for (const set of sets) bitmaps.push(await evaluate(set));
  return bitmaps;
}
