import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { EngineScope, ImportSession, ImportWaterPost } from '../types.js';
import { ENCODED_BATCH } from '../types.js';
import { SEGMENT_POSTS, mergeSegments, type SegmentPart } from './grams.js';
import type { Mutex } from './mutex.js';
import { appendSegment } from './post-grams-table.js';
import { closeRow, encodePosts, type EncodedPosts } from './rows.js';
import { POSTS_COLUMNS } from './schema.js';
import { stagingBatchFile } from './staging-dir.js';

/** DuckDB's JSON reader over a staged file with these columns. */
function jsonSource(file: string, columns: [string, string][]): string {
  const types = columns
    .map(([name, type]) => `'${name}': '${type.replace(' NOT NULL', '')}'`)
    .join(', ');
  return `read_json('${file.replace(/'/g, "''")}', format = 'newline_delimited', columns = {${types}})`;
}

/**
 * The staging table: the posts table's columns, `doc` read as JSON (see rows.ts), `seq` and
 * whether the import decided water_post (ImportWaterPost).
 */
const STAGED_COLUMNS: [string, string][] = [
  ...POSTS_COLUMNS.map(([name, type]): [string, string] => [name, name === 'doc' ? 'JSON' : type]),
  ['seq', 'BIGINT'],
  ['water_decided', 'BOOLEAN'],
];

/** What an import needs of the engine: its writer, in turn, and the ids it hands out. */
export interface ImportContext {
  writer: DuckDBConnection;
  /** The writer's turns: every statement of an import runs in one. */
  writes: Mutex;
  stagingDir: string;
  /** The ids of a batch's words, adding new ones to table `words` first. */
  wordIdsOf(tokens: readonly (readonly string[])[]): Promise<(word: string) => number>;
  /** Reserves `count` consecutive pks and answers the first. */
  takePks(count: number): number;
  /** A write committed: answers kept until now are stale. */
  wrote(): void;
}

/**
 * Batches go through a temporary staging table, each loaded by DuckDB's JSON reader from a file
 * (the fastest bulk path); commit moves them into posts in one transaction. Bigram postings go
 * to post_grams before commit, the segments of consecutive batches merged into one per
 * SEGMENT_POSTS pks: a posting of a pk that is not (or no longer) a post's is never asked for,
 * so postings need no transaction and an aborted import leaves harmless ones.
 */
export async function openDuckDbImport(
  context: ImportContext,
  scope: EngineScope,
): Promise<ImportSession> {
  const table = `staging_${randomBytes(8).toString('hex')}`;
  const columns = STAGED_COLUMNS.map(
    ([name, type]) => `"${name}" ${type.replace(' NOT NULL', '')}`,
  );
  // A temporary table: staged rows never reach the database file before commit.
  await context.writes.run(() =>
    context.writer.run(`CREATE TEMP TABLE ${table} (${columns.join(', ')})`),
  );
  let seq = 0;
  const drop = async () => {
    await context.writer.run(`DROP TABLE IF EXISTS ${table}`);
  };
  // Batches' bigram segments wait here to go to post_grams as one per SEGMENT_POSTS pks.
  let pending: { base: number; parts: SegmentPart[] } | undefined;
  const flushSegment = async () => {
    if (!pending) return;
    const { base, parts } = pending;
    pending = undefined;
    await appendSegment(context.writer, 'post_grams', scope.projectId, base, mergeSegments(parts));
  };
  const addEncoded = (encoded: EncodedPosts, waterPosts: readonly ImportWaterPost[]) =>
    context.writes.run(async () => {
      const wordId = await context.wordIdsOf(encoded.tokens);
      const base = context.takePks(encoded.rows.length);
      if (pending && base + encoded.rows.length - pending.base > SEGMENT_POSTS) {
        await flushSegment();
      }
      pending ??= { base, parts: [] };
      pending.parts.push({ offset: base - pending.base, rows: encoded.segment });
      const lines = encoded.rows.map((row, place) =>
        closeRow(row, {
          pk: base + place,
          seq: seq++,
          tokenIds: encoded.tokens[place]!.map(wordId),
          waterPost: waterPosts[place]!,
        }),
      );
      const file = stagingBatchFile(context.stagingDir, table, seq);
      await writeFile(file, lines.join('\n'));
      try {
        await context.writer.run(
          `INSERT INTO ${table} SELECT * FROM ${jsonSource(file, STAGED_COLUMNS)}`,
        );
      } finally {
        await rm(file, { force: true });
      }
    });
  return {
    addEncoded: (encoded, waterPosts) => addEncoded(encoded as EncodedPosts, waterPosts),
    add: async (posts) => {
      for (let from = 0; from < posts.length; from += ENCODED_BATCH) {
        const batch = posts.slice(from, from + ENCODED_BATCH);
        await addEncoded(
          encodePosts(scope.projectId, batch),
          batch.map((post) => ({
            value: post.water_post,
            decided: false,
            duplicateOf: post.duplicate_of,
            similarity: post.duplicate_similarity,
          })),
        );
      }
    },
    commit: () =>
      context.writes.run(async () => {
        try {
          await flushSegment();
          await context.writer.run('BEGIN TRANSACTION');
          // A decided water_post (and why) yields to the one the _id had first: in this import,
          // then stored.
          await context.writer.run(
            `UPDATE ${table} SET water_post = earliest.verdict.water_post,
               duplicate_of = earliest.verdict.duplicate_of,
               duplicate_similarity = earliest.verdict.duplicate_similarity
             FROM (SELECT _id, arg_min({'water_post': water_post, 'duplicate_of': duplicate_of,
                     'duplicate_similarity': duplicate_similarity}, seq) AS verdict FROM ${table}
                   GROUP BY _id HAVING count(*) > 1) AS earliest
             WHERE ${table}.water_decided AND ${table}._id = earliest._id`,
          );
          await context.writer.run(
            `UPDATE ${table} SET water_post = stored.water_post, duplicate_of = stored.duplicate_of,
               duplicate_similarity = stored.duplicate_similarity
             FROM (SELECT _id, water_post, duplicate_of, duplicate_similarity FROM posts
                   WHERE project_id = $1) AS stored
             WHERE ${table}.water_decided AND ${table}._id = stored._id`,
            [scope.projectId],
          );
          // Earlier rows of an _id in this import go first: the window reads two columns only.
          await context.writer.run(
            `DELETE FROM ${table} WHERE seq IN (SELECT seq FROM ${table}
             QUALIFY row_number() OVER (PARTITION BY _id ORDER BY seq DESC) > 1)`,
          );
          const deleted = await context.writer.run(
            `DELETE FROM posts WHERE project_id = $1 AND _id IN (SELECT _id FROM ${table})`,
            [scope.projectId],
          );
          const inserted = await context.writer.run(
            `INSERT INTO posts BY NAME SELECT * EXCLUDE (seq, water_decided) FROM ${table}`,
          );
          await drop();
          await context.writer.run('COMMIT');
          context.wrote();
          // Rows of the file that another row of the same file replaced count as replaced too.
          const replaced = deleted.rowsChanged + (seq - inserted.rowsChanged);
          return { imported: seq - replaced, replaced };
        } catch (error) {
          await context.writer.run('ROLLBACK').catch(() => undefined);
          await drop();
          throw error;
        }
      }),
    abort: () =>
      context.writes.run(async () => {
        pending = undefined;
        await drop();
      }),
  };
}
