import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import {
  DuckDBInstance,
  type DuckDBBitValue,
  type DuckDBBlobValue,
  type DuckDBConnection,
  type DuckDBDataChunk,
} from '@duckdb/node-api';
import {
  SENTIMENTS,
  VALUE_TYPES,
  type FilterField,
  type Post,
  type PostQuery,
  type Sort,
  type ValueType,
} from '@yuqing/core';
import type {
  AuthorRank,
  EngineScope,
  HeatCell,
  ImportCounts,
  ImportSession,
  ImportWaterPost,
  NameValue,
  PathCount,
  PivotCell,
  PostPage,
  PostsEngine,
  RetweetGraph,
  StatisticsResult,
  StoredPost,
  Totals,
  TrendPoint,
} from '../types.js';
import { filledSeriesTrend, filledTrend, bucketStarts } from '../aggregations/buckets.js';
import { heatGrid } from '../aggregations/heat-grid.js';
import { pathTree } from '../aggregations/path-tree.js';
import { statisticsOf } from '../aggregations/previous-period.js';
import { parentIds, retweetGraphOf, type RetweetNodeRow } from '../aggregations/retweet-graph.js';
import { trendRange } from '../aggregations/trend-range.js';
import { eventLoopTurns } from '../event-loop-turns.js';
import { ENCODED_BATCH } from '../types.js';
import {
  SEGMENT_POSTS,
  SegmentBuilder,
  mergeSegments,
  postingsAt,
  type SegmentPart,
  type SegmentRows,
} from './grams.js';
import { PkBitmap } from './pk-bitmap.js';
import { ResultCache, queryKey } from './result-cache.js';
import { openStagingDir, stagingBatchFile } from './staging-dir.js';
import { localClock } from './local-time.js';
import { closeRow, encodePosts, fromDoc, type EncodedPosts } from './rows.js';
import {
  CREATE_POSTS,
  CREATE_POSTS_ID,
  CREATE_POST_GRAMS,
  CREATE_WORDS,
  POSTS_COLUMNS,
} from './schema.js';
import {
  Params,
  aggregateSql,
  column,
  groupSql,
  groupedPosts,
  isPathField,
  keywordSets,
  orderSql,
  setKey,
  whereSql,
  type KeywordSet,
} from './sql.js';

type Row = Record<string, unknown>;

/** The posts table of a database written before post_grams, while its posts move. */
const EARLIER_POSTS = 'posts_before_grams';

/** A post of EARLIER_POSTS: its columns, less the derived ones, and its `extra` document. */
function earlierPost(row: Row): StoredPost {
  const post: Row =
    typeof row.extra === 'string' ? (JSON.parse(row.extra) as Row) : { ...(row.extra as Row) };
  for (const [key, value] of Object.entries(row)) {
    if (key === 'extra' || key === 'project_id' || key === 'search_text' || /^g\d+$/.test(key))
      continue;
    post[key] = typeof value === 'bigint' ? Number(value) : value;
  }
  if (post.rel === null) delete post.rel;
  return post as unknown as StoredPost;
}
const num = (value: unknown) => Number(value ?? 0);

/** DuckDB's JSON reader over a staged file with these columns. */
function jsonSource(file: string, columns: [string, string][]): string {
  const types = columns
    .map(([name, type]) => `'${name}': '${type.replace(' NOT NULL', '')}'`)
    .join(', ');
  return `read_json('${file.replace(/'/g, "''")}', format = 'newline_delimited', columns = {${types}})`;
}

/** The module encoding batches for this engine (see rows.ts), loaded by import workers. */
const ENCODER = new URL('./rows.ts', import.meta.url).href;

/**
 * The staging table: the posts table's columns, `doc` read as JSON (see rows.ts), `seq` and
 * whether the import decided water_post (ImportWaterPost).
 */
const STAGED_COLUMNS: [string, string][] = [
  ...POSTS_COLUMNS.map(([name, type]): [string, string] => [name, name === 'doc' ? 'JSON' : type]),
  ['seq', 'BIGINT'],
  ['water_decided', 'BOOLEAN'],
];

/**
 * The matching posts as a subquery, aliased `posts`. Unnesting a list beside the table itself
 * makes DuckDB unnest every row before filtering (25 times slower at 300k posts).
 */
const matching = (where: string) => `(SELECT * FROM posts WHERE ${where}) AS posts`;

/**
 * Rebuilds a bigram index of (gram, pk) pairs, as databases before segments held, into segments
 * from the posts' search text: in a table of its own, which replaces the old one at once, so an
 * interrupted rebuild starts again at the next open.
 */
async function rebuildPairGrams(writer: DuckDBConnection): Promise<void> {
  const columns = await writer.runAndReadAll(
    `SELECT 1 FROM information_schema.columns WHERE table_name = 'post_grams' AND column_name = 'pk'`,
  );
  if (columns.getRows().length === 0) return;
  const rebuilt = 'post_grams_segments';
  await writer.run(`DROP TABLE IF EXISTS ${rebuilt}`);
  await writer.run(CREATE_POST_GRAMS.replace('post_grams', rebuilt));
  const projects = await writer.runAndReadAll('SELECT DISTINCT project_id FROM posts');
  for (const [projectId] of projects.getRows()) {
    // A segment per SEGMENT_POSTS consecutive pks that posts hold.
    for (let from = 0; ;) {
      const rows = await writer.runAndReadAll(
        `SELECT pk, search_text FROM posts WHERE project_id = $1 AND pk >= ${from}
         ORDER BY pk LIMIT ${SEGMENT_POSTS}`,
        [String(projectId)],
      );
      const posts = rows.getRows();
      if (posts.length === 0) break;
      const base = Math.floor(Number(posts[0]![0]) / SEGMENT_POSTS) * SEGMENT_POSTS;
      from = base + SEGMENT_POSTS;
      const segment = new SegmentBuilder();
      for (const [pk, text] of posts) {
        if (Number(pk) >= base + SEGMENT_POSTS) break;
        segment.add(Number(pk) - base, String(text));
      }
      await appendSegment(writer, rebuilt, String(projectId), base, segment.build());
    }
  }
  await writer.run('BEGIN TRANSACTION');
  await writer.run('DROP TABLE post_grams');
  await writer.run(`ALTER TABLE ${rebuilt} RENAME TO post_grams`);
  await writer.run('COMMIT');
}

/** Adds a segment's rows to a bigram index table (see grams.ts). */
async function appendSegment(
  writer: DuckDBConnection,
  table: string,
  projectId: string,
  base: number,
  rows: SegmentRows,
): Promise<void> {
  const appender = await writer.createAppender(table);
  try {
    rows.grams.forEach((gram, i) => {
      appender.appendVarchar(projectId);
      appender.appendUInteger(gram);
      appender.appendUInteger(base);
      appender.appendBlob(postingsAt(rows, i));
      appender.endRow();
    });
  } finally {
    appender.closeSync();
  }
}

/** Runs one task at a time, in order: DuckDB allows one writer. */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** The posts engine on embedded DuckDB, in one file under the data folder (or in memory). */
export class DuckDbEngine implements PostsEngine {
  readonly encoder = ENCODER;
  private readonly writes = new Mutex();
  private next = 0;
  /** Keyword bitmaps by project, size and set, valid until `generation` changes (at every write). */
  private readonly bitmaps = new Map<string, DuckDBBitValue>();
  private generation = 0;
  /** Read queries' rows until the next write (see ResultCache); large answers are not kept. */
  private readonly answers = new ResultCache<Row[]>(512, (rows) => rows.length <= 5000);
  /** Names of bound keyword bitmaps in `answers`' keys: their set and the write generation. */
  private readonly bitmapNames = new WeakMap<object, string>();

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly readers: DuckDBConnection[],
    private readonly writer: DuckDBConnection,
    private readonly stagingDir: string,
    /** Word-cloud words and their ids in table `words`; only the writer adds to both. */
    private readonly wordIds: Map<string, number>,
    /** The next post's pk. */
    private nextPk: number,
  ) {}

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
    const instance = await DuckDBInstance.create(
      options.path,
      options.memoryLimitMb ? { memory_limit: `${options.memoryLimitMb}MB` } : {},
    );
    await openStagingDir(options.stagingDir);
    const connect = async () => {
      const connection = await instance.connect();
      await connection.run(`SET TimeZone = 'UTC'`);
      return connection;
    };
    const writer = await connect();
    const columns = await writer.runAndReadAll(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'posts'`,
    );
    const earlier = columns.getRowObjectsJS().some((row) => row.column_name === 'extra');
    if (earlier) await writer.run(`ALTER TABLE posts RENAME TO ${EARLIER_POSTS}`);
    for (const create of [CREATE_POSTS, CREATE_POSTS_ID, CREATE_WORDS]) await writer.run(create);
    await rebuildPairGrams(writer);
    await writer.run(CREATE_POST_GRAMS);
    const words = (await writer.runAndReadAll('SELECT id, word FROM words')).getRowObjectsJS();
    const wordIds = new Map(words.map((row) => [String(row.word), num(row.id)]));
    // Replaced posts' pks may linger in post_grams, so no segment there may hold the next one.
    const [last] = (
      await writer.runAndReadAll(
        `SELECT greatest((SELECT max(pk) + 1 FROM posts),
          (SELECT max(base) + ${SEGMENT_POSTS} FROM post_grams))::DOUBLE AS next`,
      )
    ).getRowObjectsJS();
    const readers = await Promise.all(Array.from({ length: options.readers ?? 4 }, connect));
    const engine = new DuckDbEngine(
      instance,
      readers,
      writer,
      options.stagingDir,
      wordIds,
      num(last?.next),
    );
    const tables = await writer.runAndReadAll(
      `SELECT table_name FROM information_schema.tables WHERE table_name = '${EARLIER_POSTS}'`,
    );
    if (tables.getRowObjectsJS().length > 0) await engine.migrateEarlierPosts();
    return engine;
  }

  /**
   * Moves the posts of a database written before post_grams (table renamed to EARLIER_POSTS) in
   * through imports, project by project; an interrupted move starts again at the next open.
   */
  private async migrateEarlierPosts(): Promise<void> {
    const projects = await this.writer.runAndReadAll(
      `SELECT DISTINCT project_id FROM ${EARLIER_POSTS}`,
    );
    for (const { project_id: projectId } of projects.getRowObjectsJS()) {
      const scope = { projectId: String(projectId), timeZone: 'UTC' };
      await this.deleteProject(scope.projectId);
      const session = await this.openImport(scope);
      for (let offset = 0; ; offset += 20_000) {
        const rows = await this.writer.runAndReadAll(
          `SELECT * FROM ${EARLIER_POSTS} WHERE project_id = $1 ORDER BY rowid LIMIT 20000 OFFSET ${offset}`,
          [scope.projectId],
        );
        const posts = rows.getRowObjectsJS().map(earlierPost);
        if (posts.length === 0) break;
        await session.add(posts);
      }
      await session.commit();
    }
    await this.writer.run(`DROP TABLE ${EARLIER_POSTS}`);
  }

  /**
   * The WHERE clause of a query. Keyword sets are computed first, as bitmaps over pks, and kept
   * until the next write: a dashboard asks many aggregations of the same keywords at once, and a
   * page asks for its list and its total.
   */
  private async where(scope: EngineScope, query: PostQuery, params: Params): Promise<string> {
    const size = this.nextPk + 1;
    const sets = keywordSets(query);
    const generation = this.generation;
    const key = (set: KeywordSet) => `${scope.projectId}\u0000${size}\u0000${setKey(set)}`;
    const missing = sets.filter((set) => !this.bitmaps.has(key(set)));
    const computed = new Map<string, DuckDBBitValue>();
    if (missing.length > 0) {
      const bitmaps = await this.keywordBitmaps(scope.projectId, missing, size);
      missing.forEach((set, i) => {
        const value = bitmaps[i]!.toValue();
        this.bitmapNames.set(value, `${generation}\u0000${key(set)}`);
        computed.set(key(set), value);
      });
      if (generation === this.generation) {
        if (this.bitmaps.size + missing.length > 32) this.bitmaps.clear();
        for (const [cacheKey, bitmap] of computed) this.bitmaps.set(cacheKey, bitmap);
      }
    }
    return whereSql(scope.projectId, query, params, (set) => ({
      param: params.bind(computed.get(key(set)) ?? this.bitmaps.get(key(set))!),
      size,
    }));
  }

  /** The bitmaps of keyword sets over pks below `size`, from one read of their bigrams' rows. */
  private async keywordBitmaps(
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
    const rows = await this.readerFor().runAndReadAll(
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
    return this.answers.get(queryKey(sql, params.values, this.bitmapNames), async () => {
      const reader = await this.readerFor().runAndReadAll(sql, params.values);
      return reader.getRowObjectsJS() as Row[];
    });
  }

  async upsert(scope: EngineScope, posts: StoredPost[]): Promise<ImportCounts> {
    const session = await this.openImport(scope);
    await session.add(posts);
    return session.commit();
  }

  /**
   * Batches go through a temporary staging table, each loaded by DuckDB's JSON reader from a file
   * (the fastest bulk path); commit moves them into posts in one transaction. Bigram postings go
   * to post_grams before commit, the segments of consecutive batches merged into one per
   * SEGMENT_POSTS pks: a posting of a pk that is not (or no longer) a post's is never asked for,
   * so postings need no transaction and an aborted import leaves harmless ones.
   */
  async openImport(scope: EngineScope): Promise<ImportSession> {
    const table = `staging_${randomBytes(8).toString('hex')}`;
    const columns = STAGED_COLUMNS.map(
      ([name, type]) => `"${name}" ${type.replace(' NOT NULL', '')}`,
    );
    // A temporary table: staged rows never reach the database file before commit.
    await this.writes.run(() =>
      this.writer.run(`CREATE TEMP TABLE ${table} (${columns.join(', ')})`),
    );
    let seq = 0;
    const drop = async () => {
      await this.writer.run(`DROP TABLE IF EXISTS ${table}`);
    };
    // Batches' bigram segments wait here to go to post_grams as one per SEGMENT_POSTS pks.
    let pending: { base: number; parts: SegmentPart[] } | undefined;
    const flushSegment = async () => {
      if (!pending) return;
      const { base, parts } = pending;
      pending = undefined;
      await appendSegment(this.writer, 'post_grams', scope.projectId, base, mergeSegments(parts));
    };
    const addEncoded = (encoded: EncodedPosts, waterPosts: readonly ImportWaterPost[]) =>
      this.writes.run(async () => {
        await this.idsOfWords(encoded.tokens);
        const base = this.nextPk;
        this.nextPk += encoded.rows.length;
        if (pending && base + encoded.rows.length - pending.base > SEGMENT_POSTS) {
          await flushSegment();
        }
        pending ??= { base, parts: [] };
        pending.parts.push({ offset: base - pending.base, rows: encoded.segment });
        const lines = encoded.rows.map((row, place) =>
          closeRow(row, {
            pk: base + place,
            seq: seq++,
            tokenIds: encoded.tokens[place]!.map((token) => this.wordIds.get(token)!),
            waterPost: waterPosts[place]!,
          }),
        );
        const file = stagingBatchFile(this.stagingDir, table, seq);
        await writeFile(file, lines.join('\n'));
        try {
          await this.writer.run(
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
            batch.map((post) => ({ value: post.water_post, decided: false })),
          );
        }
      },
      commit: () =>
        this.writes.run(async () => {
          try {
            await flushSegment();
            await this.writer.run('BEGIN TRANSACTION');
            // A decided water_post yields to the one the _id had first: in this import, then stored.
            await this.writer.run(
              `UPDATE ${table} SET water_post = earliest.water_post
               FROM (SELECT _id, arg_min(water_post, seq) AS water_post FROM ${table}
                     GROUP BY _id HAVING count(*) > 1) AS earliest
               WHERE ${table}.water_decided AND ${table}._id = earliest._id`,
            );
            await this.writer.run(
              `UPDATE ${table} SET water_post = stored.water_post
               FROM (SELECT _id, water_post FROM posts WHERE project_id = $1) AS stored
               WHERE ${table}.water_decided AND ${table}._id = stored._id`,
              [scope.projectId],
            );
            // Earlier rows of an _id in this import go first: the window reads two columns only.
            await this.writer.run(
              `DELETE FROM ${table} WHERE seq IN (SELECT seq FROM ${table}
               QUALIFY row_number() OVER (PARTITION BY _id ORDER BY seq DESC) > 1)`,
            );
            const deleted = await this.writer.run(
              `DELETE FROM posts WHERE project_id = $1 AND _id IN (SELECT _id FROM ${table})`,
              [scope.projectId],
            );
            const inserted = await this.writer.run(
              `INSERT INTO posts SELECT * EXCLUDE (seq, water_decided) FROM ${table}`,
            );
            await drop();
            await this.writer.run('COMMIT');
            this.wrote();
            // Rows of the file that another row of the same file replaced count as replaced too.
            const replaced = deleted.rowsChanged + (seq - inserted.rowsChanged);
            return { imported: seq - replaced, replaced };
          } catch (error) {
            await this.writer.run('ROLLBACK').catch(() => undefined);
            await drop();
            throw error;
          }
        }),
      abort: () =>
        this.writes.run(async () => {
          pending = undefined;
          await drop();
        }),
    };
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

  async simhashes(projectId: string): Promise<string[]> {
    const params = new Params();
    const rows = await this.rows(
      `SELECT simhash FROM posts WHERE project_id = ${params.bind(projectId)}`,
      params,
    );
    return rows.map((row) => String(row.simhash));
  }

  async search(
    scope: EngineScope,
    query: PostQuery,
    page: { size: number; page: number; sort: Parameters<typeof orderSql>[0] },
  ): Promise<PostPage> {
    const params = new Params();
    const where = await this.where(scope, query, params);
    const [list, total] = await Promise.all([
      this.rows(
        `SELECT doc, tendency, province, water_post FROM posts WHERE ${where}
         ORDER BY ${orderSql(page.sort)} LIMIT ${page.size} OFFSET ${page.size * page.page}`,
        params,
      ),
      this.count(scope, query),
    ]);
    return { list: list.map(fromDoc), total };
  }

  async *scan(scope: EngineScope, query: PostQuery, sort: Sort): AsyncIterable<Post[]> {
    const params = new Params();
    const where = await this.where(scope, query, params);
    // A connection of its own: another query on a shared reader would end this stream.
    const connection = await this.instance.connect();
    let next: Promise<DuckDBDataChunk | null> | undefined;
    try {
      await connection.run(`SET TimeZone = 'UTC'`);
      const result = await connection.stream(
        `SELECT doc, tendency, province, water_post FROM posts WHERE ${where}
         ORDER BY ${orderSql(sort)}`,
        params.values,
      );
      const names = result.deduplicatedColumnNames();
      // The next chunk is read while the caller works on this one.
      next = result.fetchChunk();
      for (;;) {
        const chunk = await next;
        if (!chunk || chunk.rowCount === 0) return;
        next = result.fetchChunk();
        // Every column read is text or boolean, which DuckDB hands over as JavaScript values.
        yield (chunk.getRowObjects(names) as Row[]).map(fromDoc);
      }
    } finally {
      // A caller that stops early leaves a read in flight; the connection closes after it.
      await next?.catch(() => undefined);
      connection.closeSync();
    }
  }

  async count(scope: EngineScope, query: PostQuery): Promise<number> {
    const params = new Params();
    const rows = await this.rows(
      `SELECT count(*)::DOUBLE AS n FROM posts WHERE ${await this.where(scope, query, params)}`,
      params,
    );
    return num(rows[0]?.n);
  }

  async terms(
    scope: EngineScope,
    query: PostQuery,
    options: { field: FilterField; size: number; valueType: ValueType; level?: number },
  ): Promise<NameValue[]> {
    const params = new Params();
    const group = groupSql(options.field, (options.level ?? 0) + 1);
    const rows = await this.rows(
      `SELECT name, value FROM (
         SELECT ${group.value} AS name, ${aggregateSql(options.valueType)} AS value
         FROM ${groupedPosts(await this.where(scope, query, params), [group])} GROUP BY 1
       ) AS groups WHERE ${group.keep('name')}
       ORDER BY value DESC, name ASC LIMIT ${Math.trunc(options.size)}`,
      params,
    );
    return rows.map((row) => ({ name: String(row.name), value: num(row.value) }));
  }

  async pathTree(
    scope: EngineScope,
    query: PostQuery,
    options: { field: FilterField; size: number },
  ): Promise<PathCount[]> {
    if (!isPathField(options.field)) return [];
    const params = new Params();
    const rows = await this.rows(
      `SELECT g.path AS path, count(*)::DOUBLE AS value
       FROM ${matching(await this.where(scope, query, params))},
         unnest(${column(options.field)}) AS g(path)
       GROUP BY 1`,
      params,
    );
    return pathTree(
      rows.map((row) => ({ path: String(row.path), value: num(row.value) })),
      options.size,
    );
  }

  async timeExtent(scope: EngineScope, query: PostQuery) {
    const params = new Params();
    const rows = await this.rows(
      `SELECT min(created)::DOUBLE AS min, max(created)::DOUBLE AS max FROM posts
       WHERE ${await this.where(scope, query, params)}`,
      params,
    );
    const row = rows[0];
    return row && row.min !== null ? { min: num(row.min), max: num(row.max) } : undefined;
  }

  async trend(
    scope: EngineScope,
    query: PostQuery,
    options: {
      interval: 'hour' | 'day' | 'week' | 'month' | 'year';
      valueType: ValueType;
      series?: FilterField;
      seriesSize?: number;
      seriesLevel?: number;
    },
  ): Promise<TrendPoint[]> {
    const range = await trendRange(query, () => this.timeExtent(scope, query));
    if (!range) return [];
    const buckets = await bucketStarts(scope.timeZone, range, options.interval);

    const params = new Params();
    // The first bucket may start before the range, perhaps under another UTC offset.
    const clockRange = { start: buckets[0] ?? range.start, end: range.end };
    const bucket = localClock(scope.timeZone, clockRange, params).bucket(options.interval);
    const where = await this.where(scope, query, params);

    if (!options.series) {
      const rows = await this.rows(
        `SELECT ${bucket}::DOUBLE AS time, ${aggregateSql(options.valueType)} AS value
         FROM posts WHERE ${where} GROUP BY 1`,
        params,
      );
      return filledTrend(
        buckets,
        rows.map((row) => ({ time: num(row.time), value: num(row.value) })),
      );
    }

    const level = options.seriesLevel ?? 0;
    const names = (
      await this.terms(scope, query, {
        field: options.series,
        size: options.seriesSize ?? 5,
        valueType: 'volume',
        level,
      })
    ).map((entry) => entry.name);
    if (names.length === 0) return [];
    const group = groupSql(options.series, level + 1);
    const rows = await this.rows(
      `SELECT time, name, value FROM (
         SELECT ${bucket}::DOUBLE AS time, ${group.value} AS name, ${aggregateSql(options.valueType)} AS value
         FROM ${groupedPosts(where, [group])} GROUP BY 1, 2
       ) AS groups WHERE name IN (${names.map((name) => params.bind(name)).join(', ')})`,
      params,
    );
    return filledSeriesTrend(
      buckets,
      names,
      rows.map((row) => ({ time: num(row.time), name: String(row.name), value: num(row.value) })),
    );
  }

  private async totals(scope: EngineScope, query: PostQuery): Promise<Totals> {
    const params = new Params();
    const rows = await this.rows(
      `SELECT count(*)::DOUBLE AS volume,
        ${VALUE_TYPES.filter((type) => type !== 'volume')
          .map((type) => `${aggregateSql(type)} AS ${type}`)
          .join(', ')},
        ${SENTIMENTS.map((label, i) => `count(*) FILTER (WHERE tendency = '${label}')::DOUBLE AS t${i}`).join(', ')}
       FROM posts WHERE ${await this.where(scope, query, params)}`,
      params,
    );
    const row = rows[0] ?? {};
    return {
      volume: num(row.volume),
      engagement_num: num(row.engagement_num),
      repost_num: num(row.repost_num),
      comment_num: num(row.comment_num),
      like_num: num(row.like_num),
      read_num: num(row.read_num),
      zpz_num: num(row.zpz_num),
      tendency: Object.fromEntries(SENTIMENTS.map((label, i) => [label, num(row[`t${i}`])])),
    };
  }

  async statistics(
    scope: EngineScope,
    query: PostQuery,
    options: { valueType: ValueType },
  ): Promise<StatisticsResult> {
    return statisticsOf(query, options.valueType, (period) => this.totals(scope, period));
  }

  async words(
    scope: EngineScope,
    query: PostQuery,
    options: { size: number; recent?: number },
  ): Promise<NameValue[]> {
    const params = new Params();
    let where = await this.where(scope, query, params);
    if (options.recent !== undefined) {
      // The newest `recent` matches are those up to the last of them, found first: sorting the
      // matches themselves with their tokens costs several times more.
      const recent = Math.trunc(options.recent);
      if (recent <= 0) return [];
      const cutParams = new Params();
      const [last] = await this.rows(
        `SELECT created::DOUBLE AS created, _id FROM posts WHERE ${await this.where(scope, query, cutParams)}
         ORDER BY created DESC, _id ASC LIMIT 1 OFFSET ${recent - 1}`,
        cutParams,
      );
      if (last) {
        const created = params.bind(num(last.created));
        where += ` AND (created > ${created} OR (created = ${created} AND _id <= ${params.bind(String(last._id))}))`;
      }
    }
    // Counting word ids and naming only the counted ones is several times faster than strings.
    const rows = await this.rows(
      `WITH counts AS (SELECT t.id AS id, count(*) AS value
             FROM (SELECT token_ids FROM posts WHERE ${where}) AS newest, unnest(newest.token_ids) AS t(id)
             GROUP BY 1)
       SELECT words.word AS name, counts.value::DOUBLE AS value FROM counts JOIN words USING (id)
       ORDER BY value DESC, name ASC LIMIT ${Math.trunc(options.size)}`,
      params,
    );
    return rows.map((row) => ({ name: String(row.name), value: num(row.value) }));
  }

  async heatmap(
    scope: EngineScope,
    query: PostQuery,
    options: { valueType: ValueType },
  ): Promise<HeatCell[]> {
    const params = new Params();
    const range = await trendRange(query, () => this.timeExtent(scope, query));
    const { local } = localClock(scope.timeZone, range, params);
    const rows = await this.rows(
      `SELECT (isodow(${local}) - 1)::INTEGER AS weekday, hour(${local})::INTEGER AS hour,
        ${aggregateSql(options.valueType)} AS value
       FROM posts WHERE ${await this.where(scope, query, params)} GROUP BY 1, 2`,
      params,
    );
    return heatGrid(
      rows.map((row) => ({
        weekday: num(row.weekday),
        hour: num(row.hour),
        value: num(row.value),
      })),
    );
  }

  async pivot(
    scope: EngineScope,
    query: PostQuery,
    options: { rows: FilterField; cols: FilterField; valueType: ValueType },
  ): Promise<PivotCell[]> {
    const params = new Params();
    const rowGroup = groupSql(options.rows, 1, 'r');
    const colGroup = groupSql(options.cols, 1, 'c');
    const rows = await this.rows(
      `SELECT "row", col, value FROM (
         SELECT ${rowGroup.value} AS "row", ${colGroup.value} AS col, ${aggregateSql(options.valueType)} AS value
         FROM ${groupedPosts(await this.where(scope, query, params), [rowGroup, colGroup])}
         GROUP BY 1, 2
       ) AS groups WHERE ${rowGroup.keep('"row"')} AND ${colGroup.keep('col')}
       ORDER BY "row" ASC, col ASC`,
      params,
    );
    return rows.map((row) => ({
      row: String(row.row),
      col: String(row.col),
      value: num(row.value),
    }));
  }

  async authors(
    scope: EngineScope,
    query: PostQuery,
    options: { field: 'author' | 'media'; size: number },
  ): Promise<AuthorRank[]> {
    const params = new Params();
    const field = column(options.field);
    const rows = await this.rows(
      `SELECT ${field} AS name, count(*)::DOUBLE AS value, coalesce(sum(engagement_num), 0)::DOUBLE AS engagement
       FROM posts WHERE ${await this.where(scope, query, params)} AND ${field} <> ''
       GROUP BY 1 ORDER BY value DESC, engagement DESC, name ASC LIMIT ${Math.trunc(options.size)}`,
      params,
    );
    return rows.map((row) => ({
      name: String(row.name),
      value: num(row.value),
      engagement: num(row.engagement),
    }));
  }

  async retweetGraph(
    scope: EngineScope,
    query: PostQuery,
    options: { size: number },
  ): Promise<RetweetGraph> {
    const params = new Params();
    const retweets = `SELECT _id, rel, author, created, retweeted_screen_name FROM posts
      WHERE ${await this.where(scope, query, params)} AND retweeted = 'YES' AND rel <> ''`;
    // Retweets are matching posts, so a target's name and time are its own; a parent's come from
    // its retweets unless it is stored (looked up below). The nodes come back as one JSON string:
    // the node client converts every value of a result on its own, which for the thousands of
    // nodes of a long range took longer than the query.
    const [answer] = await this.rows(
      `WITH rt AS MATERIALIZED (${retweets}),
        counts AS MATERIALIZED (SELECT rel AS id, count(*) AS value FROM rt GROUP BY rel),
        top AS MATERIALIZED (SELECT id, value FROM counts
            ORDER BY value DESC, id ASC LIMIT ${Math.trunc(options.size)}),
        edges AS MATERIALIZED (SELECT rt.* FROM rt SEMI JOIN top ON top.id = rt.rel),
        nodes AS (
          SELECT top.id AS id, top.value AS value, min(edges.retweeted_screen_name) AS name,
            min(edges.created) AS created, list(edges._id ORDER BY edges._id) AS targets
          FROM top JOIN edges ON edges.rel = top.id GROUP BY top.id, top.value
          UNION ALL
          SELECT edges._id, coalesce(counts.value, 0), edges.author, edges.created, NULL
          FROM edges ANTI JOIN top ON top.id = edges._id LEFT JOIN counts ON counts.id = edges._id)
       SELECT to_json(list(json_array(id, value, name, created, targets) ORDER BY id))::VARCHAR AS nodes
       FROM nodes`,
      params,
    );
    // No retweets match: the list, and so the JSON, is NULL.
    const json = answer?.nodes;
    const nodes = (
      typeof json === 'string'
        ? (JSON.parse(json) as [string, number, string | null, number, string[] | null][])
        : []
    ).map(([id, value, name, created, targets]): RetweetNodeRow => ({
      id,
      value,
      name,
      created,
      targets,
    }));
    const parents = parentIds(nodes);
    const stored = new Map<string, { author: string; created: number }>();
    if (parents.length > 0) {
      // An IN list on _id alone is looked up in the index; another condition, or a join, scans
      // every _id. Posts of other projects sharing an _id are left out here.
      const lookup = new Params();
      const found = await this.rows(
        `SELECT _id, project_id, author, created::DOUBLE AS created FROM posts
         WHERE _id IN (${parents.map((id) => lookup.bind(id)).join(', ')})`,
        lookup,
      );
      for (const row of found) {
        if (row.project_id === scope.projectId) {
          stored.set(String(row._id), { author: String(row.author), created: num(row.created) });
        }
      }
    }
    return retweetGraphOf(nodes, stored);
  }

  async close(): Promise<void> {
    for (const connection of [...this.readers, this.writer]) connection.closeSync();
    this.instance.closeSync();
  }
}
