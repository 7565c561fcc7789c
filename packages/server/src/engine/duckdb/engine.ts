import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { Post, PostQuery } from '@yuqing/core';
import type {
  DuplicateKeys,
  EngineScope,
  ImportCounts,
  ImportSession,
  PostCorrectionValues,
  PostsEngine,
  PostTagValues,
  RetagOptions,
  StoredPost,
} from '../types.js';
import { CORRECT_BATCH } from '../corrected-values.js';
import type { Row } from '../sql/dialect.js';
import { SqlEngine } from '../sql/sql-engine.js';
import { correctBatch } from './correct.js';
import { DuckDbDialect, type DuckDbMatches } from './dialect.js';
import { openDuckDbImport } from './import-session.js';
import { KeywordBitmaps } from './keyword-bitmaps.js';
import { moveEarlierPosts } from './migrations.js';
import { Mutex } from './mutex.js';
import { openDatabase } from './open-database.js';
import { ResultCache, queryKey } from './result-cache.js';
import { retagNextBatch } from './retag.js';
import { LISTED_COLUMNS, fromDoc } from './rows.js';
import { Params, keywordSets, whereSql, type DuckDbGrouping } from './sql.js';

/** The module encoding batches for this engine (see rows.ts), loaded by import workers. */
const ENCODER = new URL('./rows.ts', import.meta.url).href;

/** The posts engine on embedded DuckDB, in one file under the data folder (or in memory). */
export class DuckDbEngine extends SqlEngine<DuckDbMatches, DuckDbGrouping> implements PostsEngine {
  readonly encoder = ENCODER;
  private readonly writes = new Mutex();
  private next = 0;
  private generation = 0;
  private readonly bitmaps = new KeywordBitmaps(() => this.readerFor());
  /** Read queries' rows until the next write (see ResultCache); large answers are not kept. */
  private readonly answers = new ResultCache<Row[]>(512, (rows) => rows.length <= 5000);
  protected readonly dialect = new DuckDbDialect({
    where: (scope, query, params) => this.where(scope, query, params),
    rows: (sql, params) => this.rows(sql, params),
    connect: () => this.instance.connect(),
  });

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly readers: DuckDBConnection[],
    private readonly writer: DuckDBConnection,
    private readonly stagingDir: string,
    /** Word-cloud words and their ids in table `words`; only the writer adds to both. */
    private readonly wordIds: Map<string, number>,
    /** The next post's pk. */
    private nextPk: number,
  ) {
    super();
  }

  /**
   * `path` is a database file, or ':memory:'; `stagingDir` holds import batches briefly. Past
   * `memoryLimitMb` DuckDB works on disk (a large import's staged rows included).
   */
  static async open(options: {
    path: string;
    stagingDir: string;
    readers?: number;
    memoryLimitMb?: number;
  }) {
    const opened = await openDatabase(options);
    const engine = new DuckDbEngine(
      opened.instance,
      opened.readers,
      opened.writer,
      options.stagingDir,
      opened.wordIds,
      opened.nextPk,
    );
    await moveEarlierPosts(opened.writer, engine);
    return engine;
  }

  /**
   * The WHERE clause of a query. Keyword sets are computed first, as bitmaps over pks, and kept
   * until the next write: a dashboard asks many aggregations of the same keywords at once, and a
   * page asks for its list and its total.
   */
  private async where(scope: EngineScope, query: PostQuery, params: Params): Promise<string> {
    const size = this.nextPk + 1;
    const bitmaps = await this.bitmaps.of(scope.projectId, keywordSets(query), size);
    return whereSql(scope.projectId, query, params, (set) => ({
      param: params.bind(bitmaps(set)),
      size,
    }));
  }

  get writeGeneration(): number {
    return this.generation;
  }

  private readerFor(): DuckDBConnection {
    return this.readers[this.next++ % this.readers.length]!;
  }

  private wrote(): void {
    this.generation++;
    this.bitmaps.clear();
    this.answers.clear();
  }

  /** The ids of words, adding new ones to table `words` first. */
  private async idsOfWords(tokens: readonly (readonly string[])[]): Promise<void> {
    const fresh = new Set<string>();
    for (const list of tokens) {
      for (const token of list) if (!this.wordIds.has(token)) fresh.add(token);
    }
    if (fresh.size === 0) return;
    const appender = await this.writer.createAppender('words');
    let id = this.wordIds.size;
    const added: [string, number][] = [];
    for (const word of fresh) {
      appender.appendUInteger(id);
      appender.appendVarchar(word);
      appender.endRow();
      added.push([word, id++]);
    }
    appender.closeSync();
    for (const [word, wordId] of added) this.wordIds.set(word, wordId);
  }

  /** The rows of a read query; callers only read them, since equal queries share them. */
  private rows(sql: string, params: Params): Promise<Row[]> {
    // The values as they are now: a read may bind more for its next query.
    const values = [...params.values];
    return this.answers.get(queryKey(sql, values, this.bitmaps.names), async () => {
      const reader = await this.readerFor().runAndReadAll(sql, values);
      return reader.getRowObjectsJS() as Row[];
    });
  }

  async upsert(scope: EngineScope, posts: StoredPost[]): Promise<ImportCounts> {
    const session = await this.openImport(scope);
    await session.add(posts);
    return session.commit();
  }

  /** See import-session.ts. */
  openImport(scope: EngineScope): Promise<ImportSession> {
    return openDuckDbImport(
      {
        writer: this.writer,
        writes: this.writes,
        stagingDir: this.stagingDir,
        wordIdsOf: async (tokens) => {
          await this.idsOfWords(tokens);
          return (word) => this.wordIds.get(word)!;
        },
        takePks: (count) => {
          const first = this.nextPk;
          this.nextPk += count;
          return first;
        },
        wrote: () => this.wrote(),
      },
      scope,
    );
  }

  deleteProject(projectId: string): Promise<void> {
    return this.writes.run(async () => {
      await this.writer.run('BEGIN TRANSACTION');
      await this.writer.run('DELETE FROM posts WHERE project_id = $1', [projectId]);
      await this.writer.run('DELETE FROM post_grams WHERE project_id = $1', [projectId]);
      await this.writer.run('COMMIT');
      this.wrote();
    });
  }

  /** Batch by batch (retag.ts), each under the write lock, so no import interleaves with one. */
  async retag(
    scope: EngineScope,
    tag: (post: Post) => PostTagValues,
    options: RetagOptions = {},
  ): Promise<void> {
    let after = options.after ?? '';
    for (;;) {
      options.signal?.throwIfAborted();
      const batch = await this.writes.run(async () => {
        const written = await retagNextBatch(this.writer, scope.projectId, after, tag);
        if (written) this.wrote();
        return written;
      });
      if (!batch) return;
      after = batch.lastId;
      await options.onBatch?.(batch);
    }
  }

  /** Batch by batch (correct.ts), each under the write lock in a transaction of its own. */
  async correct(scope: EngineScope, corrections: readonly PostCorrectionValues[]): Promise<Post[]> {
    const before: Post[] = [];
    for (let from = 0; from < corrections.length; from += CORRECT_BATCH) {
      const batch = corrections.slice(from, from + CORRECT_BATCH);
      const found = await this.writes.run(async () => {
        const written = await correctBatch(this.writer, scope.projectId, batch);
        if (written.wrote) this.wrote();
        return written.before;
      });
      before.push(...found);
    }
    return before;
  }

  async duplicateKeys(projectId: string): Promise<DuplicateKeys> {
    const params = new Params();
    const rows = await this.rows(
      `SELECT _id, created::DOUBLE AS created, dup_key FROM posts
       WHERE project_id = ${params.bind(projectId)} AND dup_key <> ''
         AND (duplicate_of = '' OR water_post = 'NO')`,
      params,
    );
    return {
      ids: rows.map((row) => String(row._id)),
      created: rows.map((row) => Number(row.created)),
      keys: rows.map((row) => String(row.dup_key)),
    };
  }

  async postsByIds(scope: EngineScope, ids: readonly string[]): Promise<Post[]> {
    if (ids.length === 0) return [];
    const params = new Params();
    const rows = await this.rows(
      `SELECT ${LISTED_COLUMNS} FROM posts
       WHERE project_id = ${params.bind(scope.projectId)} AND _id IN (SELECT unnest(${params.list([...new Set(ids)])}))
       ORDER BY _id`,
      params,
    );
    return rows.map(fromDoc);
  }

  async close(): Promise<void> {
    for (const connection of [...this.readers, this.writer]) connection.closeSync();
    this.instance.closeSync();
  }
}
