import type { Readable } from 'node:stream';
import type { Post } from '@yuqing/core';
import type { EngineScope, ImportCounts, PostsEngine, StoredPost } from '../engine/types.js';
import { createEnricher, type Enricher } from './enrich/enrich.js';
import { NearDuplicateIndex } from './enrich/simhash.js';
import { readRecords, type ImportFormat } from './read-records.js';
import { toPost, type RowError } from './to-post.js';

const BATCH = 20_000;
/** Enrichment is CPU work: the event loop gets a turn this often, so the server keeps answering. */
const YIELD_EVERY = 500;
/** Rejected rows listed in an answer; the count covers them all. */
const LISTED_ERRORS = 100;

export interface ImportTarget extends EngineScope {
  discardWords: readonly string[];
}

export interface ImportReport extends ImportCounts {
  rejected: number;
  errors: RowError[];
}

export interface ImportProgress {
  rows: number;
  rejected: number;
}

/** A strict import met a bad row: nothing was written. */
export class ImportRejected extends Error {
  constructor(readonly error: RowError) {
    super(`第 ${error.line} 行 ${error.field ? `${error.field}: ` : ''}${error.message}`);
  }
}

/**
 * Reads, validates, enriches and stores posts. The whole input becomes visible at once when it
 * ends (an import session), so a failed or rejected import leaves nothing half-written.
 */
export class PostImporter {
  private constructor(
    private readonly engine: PostsEngine,
    private readonly enricher: Enricher,
  ) {}

  static async create(engine: PostsEngine) {
    return new PostImporter(engine, await createEnricher());
  }

  async importStream(
    target: ImportTarget,
    input: Readable,
    format: ImportFormat,
    options: {
      strict: boolean;
      onProgress?: (progress: ImportProgress) => void;
      /** Stops the import, writing nothing. */
      signal?: AbortSignal;
    },
  ): Promise<ImportReport> {
    const nearDuplicates = new NearDuplicateIndex();
    for (const hash of await this.engine.simhashes(target.projectId)) nearDuplicates.add(hash);
    const discardWords = new Set(target.discardWords);
    const session = await this.engine.openImport(target);
    const errors: RowError[] = [];
    let rejected = 0;
    let rows = 0;
    let batch: StoredPost[] = [];
    // One batch is staged (DuckDB works on its own threads) while the next one is enriched.
    let staging: Promise<void> = Promise.resolve();
    const stage = async (posts: StoredPost[]) => {
      await staging;
      staging = session.add(posts);
    };
    try {
      for await (const record of readRecords(input, format)) {
        options.signal?.throwIfAborted();
        rows++;
        const result = record.error
          ? ({ ok: false, error: { line: record.line, field: '', message: record.error } } as const)
          : toPost(record.line, record.value, target.timeZone);
        if (!result.ok) {
          if (options.strict) throw new ImportRejected(result.error);
          rejected++;
          if (errors.length < LISTED_ERRORS) errors.push(result.error);
          continue;
        }
        const waterPostGiven = hasField(record.value, 'water_post');
        batch.push(this.enrich(result.post, discardWords, nearDuplicates, waterPostGiven));
        if (rows % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
        if (batch.length >= BATCH) {
          await stage(batch);
          batch = [];
          options.onProgress?.({ rows, rejected });
        }
      }
      if (batch.length > 0) await stage(batch);
      await staging;
      options.onProgress?.({ rows, rejected });
      const counts = await session.commit();
      return { ...counts, rejected, errors };
    } catch (error) {
      await staging.catch(() => undefined);
      await session.abort();
      throw error;
    }
  }

  private enrich(
    post: Post,
    discardWords: ReadonlySet<string>,
    nearDuplicates: NearDuplicateIndex,
    waterPostGiven: boolean,
  ): StoredPost {
    const derived = this.enricher.enrich(
      {
        title: post.title,
        text: post.text,
        body: post.body,
        tendency: post.tendency || undefined,
        province: post.province || undefined,
        location: post.location,
      },
      { discardWords },
    );
    const duplicate = nearDuplicates.hasNear(derived.simhash);
    nearDuplicates.add(derived.simhash);
    return {
      ...post,
      tendency: derived.tendency,
      province: derived.province,
      tokens: derived.tokens,
      simhash: derived.simhash,
      water_post: waterPostGiven ? post.water_post : duplicate ? 'YES' : 'NO',
    };
  }
}

const hasField = (value: unknown, field: string) =>
  typeof value === 'object' &&
  value !== null &&
  field in value &&
  (value as Record<string, unknown>)[field] !== '';
