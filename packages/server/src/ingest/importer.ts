import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import { valueLabels, type StoredTagRules } from '@yuqing/core';
import type { EngineScope, ImportCounts, ImportWaterPost, PostsEngine } from '../engine/types.js';
import {
  NearDuplicateFinder,
  parseDuplicateKey,
  type DuplicateMatch,
} from './enrich/near-duplicates.js';
import { ImportProgressBoard } from './import-progress.js';
import { importTagRulesOf } from './import-tagging.js';
import { PreparePool } from './prepare-pool.js';
import type { PreparedChunk } from './prepare.js';
import { readChunks, type ImportFormat, type InputChunk } from './read-records.js';
import type { RowError } from './to-post.js';

/** Rows per chunk sent to a worker thread: large enough to amortise the message. */
const CHUNK = 8_192;
/** Rejected rows listed in an answer; the count covers them all. */
const LISTED_ERRORS = 100;

export interface ImportTarget extends EngineScope {
  discardWords: readonly string[];
  /** The project's names of codes (core valueLabels): a CSV of the posts export names them. */
  labels?: ReadonlyMap<string, string>;
  /** The project's tagging rules: posts that come without kg_infos are tagged by them. */
  tagRules?: StoredTagRules;
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
 * Reads, validates, enriches and stores posts. Worker threads prepare chunks of rows in parallel
 * (prepare.ts); this thread cuts the input into chunks (JSON lines stay bytes until a worker
 * decodes them), decides near duplicates in input order and hands the chunks to the engine in
 * order. The whole input becomes visible at once when it ends (an import
 * session), so a failed or rejected import leaves nothing half-written.
 */
export class PostImporter {
  private readonly pool: PreparePool;
  /** Background imports (the demo posts) report here; GET /posts/import_status reads it. */
  readonly progress = new ImportProgressBoard();

  constructor(
    private readonly engine: PostsEngine,
    threads = availableParallelism(),
  ) {
    this.pool = new PreparePool(Math.max(1, threads), engine.encoder);
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
    const tagRules = importTagRulesOf(target.tagRules);
    const context = {
      projectId: target.projectId,
      timeZone: target.timeZone,
      discardWords: [...target.discardWords],
      tagRulesKey: tagRules?.key,
      codes: [...(target.labels ?? valueLabels(undefined))].map(
        ([code, name]): [string, string] => [name, code],
      ),
    };
    const nearDuplicates = NearDuplicateFinder.of(
      await this.engine.duplicateKeys(target.projectId),
    );
    const session = await this.engine.openImport(target);
    const errors: RowError[] = [];
    let rejected = 0;
    let rows = 0;
    // Chunks being prepared, in input order; two per thread keep every thread busy.
    const preparing: Promise<PreparedChunk>[] = [];
    const store = async (chunk: PreparedChunk) => {
      options.signal?.throwIfAborted();
      rows += chunk.rows;
      if (chunk.errors.length > 0) {
        if (options.strict) throw new ImportRejected(chunk.errors[0]!);
        rejected += chunk.errors.length;
        errors.push(...chunk.errors.slice(0, LISTED_ERRORS - errors.length));
      }
      const { ids, created, keys } = chunk.duplicates;
      const waterPosts = keys.map((key, i): ImportWaterPost => {
        const fingerprint = parseDuplicateKey(key);
        let match: DuplicateMatch | undefined;
        if (fingerprint) {
          match = nearDuplicates.find(ids[i]!, created[i]!, fingerprint);
          // Only originals are kept: a duplicate names the post first written, not a copy.
          if (!match) nearDuplicates.add(ids[i]!, created[i]!, fingerprint);
        }
        const given = chunk.givenWaterPosts[i];
        const value = given || (match ? 'YES' : 'NO');
        const reason =
          match && value === 'YES'
            ? {
                duplicateOf: nearDuplicates.ids[match.place]!,
                similarity: Math.round(match.similarity * 1000) / 1000,
              }
            : {};
        return { value, decided: !given, ...reason };
      });
      if (waterPosts.length > 0) await session.addEncoded(chunk.encoded, waterPosts);
      options.onProgress?.({ rows, rejected });
    };
    const send = (chunk: InputChunk) => {
      const prepared = this.pool.prepare(chunk, context, tagRules);
      // Awaited in order below; a failure before then must not go unhandled.
      prepared.catch(() => undefined);
      preparing.push(prepared);
    };
    try {
      for await (const chunk of readChunks(input, format, CHUNK)) {
        options.signal?.throwIfAborted();
        send(chunk);
        if (preparing.length >= this.pool.size * 2) await store(await preparing.shift()!);
      }
      while (preparing.length > 0) await store(await preparing.shift()!);
      const counts = await session.commit();
      return { ...counts, rejected, errors };
    } catch (error) {
      await session.abort();
      throw error;
    }
  }

  /** Stops the worker threads (they start again on the next import). */
  close(): Promise<void> {
    return this.pool.close();
  }
}
