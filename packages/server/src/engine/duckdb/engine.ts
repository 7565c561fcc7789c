import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DuckDBDataChunk,
  DuckDBInstance,
  UINTEGER,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBUIntegerVector,
  type DuckDBValue,
} from '@duckdb/node-api';
import {
  SENTIMENTS,
  VALUE_TYPES,
  bucketStart,
  nextBucket,
  type FilterField,
  type PostQuery,
  type ValueType,
} from '@yuqing/core';
import type {
  AuthorRank,
  EngineScope,
  HeatCell,
  ImportCounts,
  ImportSession,
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
import { emptyTotals } from '../totals.js';
import { GramPostings, textGrams } from './grams.js';
import { localClock } from './local-time.js';
import { fromDoc, searchTextOf, stagedRow } from './rows.js';
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
  isPathField,
  keywordSets,
  orderSql,
  whereSql,
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

/** The staging table: the posts table's columns, `doc` read as JSON (see stagedRow), and `seq`. */
const STAGED_COLUMNS: [string, string][] = [
  ...POSTS_COLUMNS.map(([name, type]): [string, string] => [name, name === 'doc' ? 'JSON' : type]),
  ['seq', 'BIGINT'],
];

/** Appends two UINTEGER columns through data chunks, DuckDB's fastest way in from JavaScript. */
function appendPairs(appender: DuckDBAppender, first: Uint32Array, second: Uint32Array): void {
  const size = 2048;
  for (let at = 0; at < first.length; at += size) {
    const count = Math.min(size, first.length - at);
    const chunk = DuckDBDataChunk.create([UINTEGER, UINTEGER], count);
    [first, second].forEach((values, column) => {
      const vector = chunk.getColumnVector(column) as DuckDBUIntegerVector;
      for (let i = 0; i < count; i++) vector.setItem(i, values[at + i]!);
      vector.flush();
    });
    appender.appendDataChunk(chunk);
  }
}

/**
 * The matching posts as a subquery, aliased `posts`. Unnesting a list beside the table itself
 * makes DuckDB unnest every row before filtering (25 times slower at 300k posts).
 */
const matching = (where: string) => `(SELECT * FROM posts WHERE ${where}) AS posts`;

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
  private readonly writes = new Mutex();
  private next = 0;
  /** Keyword bitmaps by project and SQL, valid until `generation` changes (at every write). */
  private readonly bitmaps = new Map<string, DuckDBValue>();
  private generation = 0;

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

  /** `path` is a database file, or ':memory:'; `stagingDir` holds import batches briefly. */
  static async open(options: { path: string; stagingDir: string; readers?: number }) {
    await mkdir(options.stagingDir, { recursive: true });
    const instance = await DuckDBInstance.create(options.path);
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
    for (const create of [CREATE_POSTS, CREATE_POSTS_ID, CREATE_WORDS, CREATE_POST_GRAMS]) {
      await writer.run(create);
    }
    const words = (await writer.runAndReadAll('SELECT id, word FROM words')).getRowObjectsJS();
    const wordIds = new Map(words.map((row) => [String(row.word), num(row.id)]));
    // Replaced posts' pks may linger in post_grams, so neither table may hold the next one.
    const [last] = (
      await writer.runAndReadAll(
        `SELECT greatest((SELECT max(pk) FROM posts), (SELECT max(pk) FROM post_grams))::DOUBLE AS pk`,
      )
    ).getRowObjectsJS();
    const readers = await Promise.all(Array.from({ length: options.readers ?? 4 }, connect));
    const engine = new DuckDbEngine(
      instance,
      readers,
      writer,
      options.stagingDir,
      wordIds,
      last?.pk === null || last?.pk === undefined ? 0 : num(last.pk) + 1,
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
    const sets = keywordSets(query, size);
    const generation = this.generation;
    const key = (sql: string) => `${scope.projectId}\u0000${sql}`;
    const missing = [...new Set(sets.map(({ sql }) => sql))].filter(
      (sql) => !this.bitmaps.has(key(sql)),
    );
    const computed = new Map<string, DuckDBValue>();
    if (missing.length > 0) {
      const connection = this.readers[this.next++ % this.readers.length]!;
      const reader = await connection.runAndReadAll(
        `SELECT ${missing.map((sql, i) => `${sql} AS b${i}`).join(', ')}`,
        [scope.projectId],
      );
      const row = reader.getRows()[0]!;
      missing.forEach((sql, i) => computed.set(sql, row[i]!));
      if (generation === this.generation) {
        if (this.bitmaps.size + missing.length > 32) this.bitmaps.clear();
        for (const [sql, bitmap] of computed) this.bitmaps.set(key(sql), bitmap);
      }
    }
    const bitmapOf = (sql: string) => computed.get(sql) ?? this.bitmaps.get(key(sql))!;
    return whereSql(scope.projectId, query, params, (set) => ({
      param: params.bind(bitmapOf(set(size))),
      size,
    }));
  }

  private wrote(): void {
    this.generation++;
    this.bitmaps.clear();
  }

  /** The ids of words, adding new ones to table `words` first. */
  private async idsOfWords(posts: StoredPost[]): Promise<void> {
    const fresh = new Set<string>();
    for (const post of posts) {
      for (const token of post.tokens) if (!this.wordIds.has(token)) fresh.add(token);
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

  private async rows(sql: string, params: Params): Promise<Row[]> {
    const connection = this.readers[this.next++ % this.readers.length]!;
    const reader = await connection.runAndReadAll(sql, params.values);
    return reader.getRowObjectsJS() as Row[];
  }

  async upsert(scope: EngineScope, posts: StoredPost[]): Promise<ImportCounts> {
    const session = await this.openImport(scope);
    await session.add(posts);
    return session.commit();
  }

  /**
   * Batches go through a temporary staging table, each loaded by DuckDB's JSON reader from a file
   * (the fastest bulk path); commit moves them into posts in one transaction. A batch's bigram
   * postings go to post_grams at once: a posting of a pk that is not (or no longer) a post's is
   * never asked for, so postings need no transaction and an aborted import leaves harmless ones.
   */
  async openImport(scope: EngineScope): Promise<ImportSession> {
    const table = `staging_${randomBytes(8).toString('hex')}`;
    const grams = `${table}_grams`;
    const columns = STAGED_COLUMNS.map(
      ([name, type]) => `"${name}" ${type.replace(' NOT NULL', '')}`,
    );
    await this.writes.run(async () => {
      // Temporary tables: staged rows never reach the database file before commit.
      await this.writer.run(`CREATE TEMP TABLE ${table} (${columns.join(', ')})`);
      await this.writer.run(`CREATE TEMP TABLE ${grams} (gram UINTEGER, pk UINTEGER)`);
    });
    let seq = 0;
    const drop = async () => {
      await this.writer.run(`DROP TABLE IF EXISTS ${table}`);
      await this.writer.run(`DROP TABLE IF EXISTS ${grams}`);
    };
    const stagePostings = async (postings: GramPostings) => {
      const { grams: gramColumn, pks } = postings.pairs();
      const appender = await this.writer.createAppender(grams, 'main', 'temp');
      try {
        appendPairs(appender, gramColumn, pks);
      } finally {
        appender.closeSync();
      }
      await this.writer.run(`INSERT INTO post_grams SELECT $1, gram, pk FROM ${grams}`, [
        scope.projectId,
      ]);
      await this.writer.run(`DELETE FROM ${grams}`);
    };
    return {
      add: (posts) =>
        this.writes.run(async () => {
          await this.idsOfWords(posts);
          const postings = new GramPostings();
          const lines = posts.map((post) => {
            const pk = this.nextPk++;
            const searchText = searchTextOf(post);
            postings.add(pk, textGrams(searchText));
            const tokenIds = post.tokens.map((token) => this.wordIds.get(token)!);
            return stagedRow(scope.projectId, post, { pk, searchText, tokenIds, seq: seq++ });
          });
          const file = join(this.stagingDir, `${table}-${seq}.ndjson`);
          await writeFile(file, lines.join('\n'));
          try {
            await this.writer.run(
              `INSERT INTO ${table} SELECT * FROM ${jsonSource(file, STAGED_COLUMNS)}`,
            );
          } finally {
            await rm(file, { force: true });
          }
          await stagePostings(postings);
        }),
      commit: () =>
        this.writes.run(async () => {
          try {
            await this.writer.run('BEGIN TRANSACTION');
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
              `INSERT INTO posts SELECT * EXCLUDE (seq) FROM ${table}`,
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
      abort: () => this.writes.run(drop),
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
        `SELECT doc FROM posts WHERE ${where}
         ORDER BY ${orderSql(page.sort)} LIMIT ${page.size} OFFSET ${page.size * page.page}`,
        params,
      ),
      this.count(scope, query),
    ]);
    return { list: list.map((row) => fromDoc(row.doc)), total };
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
      `SELECT ${group.value} AS name, ${aggregateSql(options.valueType)} AS value
       FROM ${matching(await this.where(scope, query, params))}${group.from}
       WHERE ${group.where}
       GROUP BY 1 ORDER BY value DESC, name ASC LIMIT ${Math.trunc(options.size)}`,
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
    const children = new Map<string, PathCount[]>();
    for (const row of rows) {
      const path = String(row.path);
      const cut = path.lastIndexOf('/');
      const parent = cut <= 0 ? '' : path.slice(0, cut);
      const node: PathCount = {
        name: path.slice(cut + 1),
        path,
        value: num(row.value),
        children: [],
      };
      children.set(parent, [...(children.get(parent) ?? []), node]);
    }
    const level = (parent: string): PathCount[] =>
      (children.get(parent) ?? [])
        .sort((a, b) => b.value - a.value || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
        .slice(0, options.size)
        .map((node) => ({ ...node, children: level(node.path) }));
    return level('');
  }

  /** The query's range; a missing bound comes from the matches' extent (`max + 1` for the end). */
  private async rangeOf(scope: EngineScope, query: PostQuery) {
    if (query.start !== undefined && query.end !== undefined) {
      return { start: query.start, end: query.end };
    }
    const extent = await this.timeExtent(scope, query);
    return extent && { start: query.start ?? extent.min, end: query.end ?? extent.max + 1 };
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
    },
  ): Promise<TrendPoint[]> {
    const range = await this.rangeOf(scope, query);
    if (!range) return [];
    const buckets: number[] = [];
    for (
      let time = bucketStart(range.start, options.interval, scope.timeZone);
      time < range.end;
      time = nextBucket(time, options.interval, scope.timeZone)
    ) {
      buckets.push(time);
    }

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
      const values = new Map(rows.map((row) => [num(row.time), num(row.value)]));
      return buckets.map((time) => ({ time, value: values.get(time) ?? 0 }));
    }

    const names = (
      await this.terms(scope, query, {
        field: options.series,
        size: options.seriesSize ?? 5,
        valueType: 'volume',
      })
    ).map((entry) => entry.name);
    if (names.length === 0) return [];
    const group = groupSql(options.series, 1);
    const rows = await this.rows(
      `SELECT ${bucket}::DOUBLE AS time, ${group.value} AS name, ${aggregateSql(options.valueType)} AS value
       FROM ${matching(where)}${group.from} WHERE ${group.where} AND ${group.value} IN (${names
         .map((name) => params.bind(name))
         .join(', ')})
       GROUP BY 1, 2`,
      params,
    );
    const values = new Map(
      rows.map((row) => [`${num(row.time)}|${String(row.name)}`, num(row.value)]),
    );
    return buckets.flatMap((time) =>
      names.map((name) => ({ time, name, value: values.get(`${time}|${name}`) ?? 0 })),
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
    const { start, end } = query;
    const [current, previous] = await Promise.all([
      this.totals(scope, query),
      start !== undefined && end !== undefined
        ? this.totals(scope, { ...query, start: start - (end - start), end: start })
        : Promise.resolve(emptyTotals()),
    ]);
    return { current, previous, value_type: options.valueType };
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
    const range = await this.rangeOf(scope, query);
    const { local } = localClock(scope.timeZone, range, params);
    const rows = await this.rows(
      `SELECT (isodow(${local}) - 1)::INTEGER AS weekday, hour(${local})::INTEGER AS hour,
        ${aggregateSql(options.valueType)} AS value
       FROM posts WHERE ${await this.where(scope, query, params)} GROUP BY 1, 2`,
      params,
    );
    const values = new Map(
      rows.map((row) => [`${num(row.weekday)}|${num(row.hour)}`, num(row.value)]),
    );
    return Array.from({ length: 7 * 24 }, (_, i) => {
      const weekday = Math.floor(i / 24);
      const hour = i % 24;
      return { weekday, hour, value: values.get(`${weekday}|${hour}`) ?? 0 };
    });
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
      `SELECT ${rowGroup.value} AS row, ${colGroup.value} AS col, ${aggregateSql(options.valueType)} AS value
       FROM ${matching(await this.where(scope, query, params))}${rowGroup.from}${colGroup.from}
       WHERE ${rowGroup.where} AND ${colGroup.where}
       GROUP BY 1, 2 ORDER BY row ASC, col ASC`,
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
    // Retweets are matching posts, so a target's name and time are its own; only the parents
    // (at most `size`) are looked up among the stored posts, one by one through the _id index.
    const rows = await this.rows(
      `WITH rt AS MATERIALIZED (${retweets}),
        agg AS MATERIALIZED (SELECT rel AS id, count(*) AS value,
            min(retweeted_screen_name) AS screen_name, min(created) AS first FROM rt GROUP BY rel),
        top AS (SELECT id FROM agg ORDER BY value DESC, id ASC LIMIT ${Math.trunc(options.size)}),
        edges AS (SELECT rel AS source, _id AS target, author, created FROM rt
            WHERE rel IN (SELECT id FROM top)),
        nodes AS (
          SELECT top.id, true AS parent, agg.screen_name AS name, agg.first AS created
          FROM top JOIN agg ON agg.id = top.id
          UNION ALL
          SELECT target, false, author, created FROM edges WHERE target NOT IN (SELECT id FROM top))
       SELECT nodes.id AS id, nodes.parent AS parent, coalesce(agg.value, 0)::DOUBLE AS value,
        nodes.name AS name, nodes.created::DOUBLE AS created,
        (SELECT list(target ORDER BY target) FROM edges WHERE edges.source = nodes.id) AS targets
       FROM nodes LEFT JOIN agg ON agg.id = nodes.id
       ORDER BY nodes.id`,
      params,
    );
    const parents = rows.filter((row) => row.parent === true).map((row) => String(row.id));
    const stored = new Map<string, Row>();
    if (parents.length > 0) {
      // Point lookups on _id alone use the index; another condition, an IN list or a join scans
      // every _id. Posts of other projects sharing an _id are left out here.
      const found = await this.rows(
        parents
          .map(
            (id) =>
              `SELECT _id, project_id, author, created::DOUBLE AS created FROM posts
               WHERE _id = '${id.replace(/'/g, "''")}'`,
          )
          .join(' UNION ALL '),
        new Params(),
      );
      for (const row of found) {
        if (row.project_id === scope.projectId) stored.set(String(row._id), row);
      }
    }
    return {
      nodes: rows.map((row) => {
        const post = stored.get(String(row.id));
        return {
          id: String(row.id),
          name: String(post ? post.author : (row.name ?? '')),
          value: num(row.value),
          created: num(post ? post.created : row.created),
        };
      }),
      edges: rows.flatMap((row) =>
        ((row.targets as string[] | null) ?? []).map((target) => ({
          source: String(row.id),
          target,
        })),
      ),
    };
  }

  async close(): Promise<void> {
    for (const connection of [...this.readers, this.writer]) connection.closeSync();
    this.instance.closeSync();
  }
}
