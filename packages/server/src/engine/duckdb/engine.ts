import type { DuckDBConnection, DuckDBDataChunk, DuckDBInstance } from '@duckdb/node-api';
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
  DuplicateKeys,
  EngineScope,
  HeatCell,
  ImportCounts,
  ImportSession,
  NameValue,
  PathCount,
  PivotCell,
  PostPage,
  PostCorrectionValues,
  PostsEngine,
  PostTagValues,
  RetagOptions,
  RetweetGraph,
  StatisticsResult,
  StoredPost,
  Totals,
  TrendPoint,
} from '../types.js';
import { bucketStarts, filledSeriesTrend, filledTrend } from '../aggregations/buckets.js';
import { heatGrid } from '../aggregations/heat-grid.js';
import { pathTree } from '../aggregations/path-tree.js';
import { seriesNames } from '../aggregations/series-names.js';
import { statisticsOf } from '../aggregations/previous-period.js';
import { totalsFrom } from '../aggregations/totals.js';
import { parentIds, retweetGraphOf, type RetweetNodeRow } from '../aggregations/retweet-graph.js';
import { trendRange } from '../aggregations/trend-range.js';
import { openDuckDbImport } from './import-session.js';
import { KeywordBitmaps } from './keyword-bitmaps.js';
import { localClock } from './local-time.js';
import { moveEarlierPosts } from './migrations.js';
import { Mutex } from './mutex.js';
import { openDatabase } from './open-database.js';
import { ResultCache, queryKey } from './result-cache.js';
import { retagNextBatch } from './retag.js';
import { correctBatch } from './correct.js';
import { CORRECT_BATCH } from '../corrected-values.js';
import { LISTED_COLUMNS, fromDoc } from './rows.js';
import {
  Params,
  aggregateSql,
  column,
  groupSql,
  groupedPosts,
  isPathField,
  keywordSets,
  orderSql,
  whereSql,
} from './sql.js';

type Row = Record<string, unknown>;

const num = (value: unknown) => Number(value ?? 0);

/** The module encoding batches for this engine (see rows.ts), loaded by import workers. */
const ENCODER = new URL('./rows.ts', import.meta.url).href;

/**
 * The matching posts as a subquery, aliased `posts`. Unnesting a list beside the table itself
 * makes DuckDB unnest every row before filtering (25 times slower at 300k posts).
 */
const matching = (where: string) => `(SELECT * FROM posts WHERE ${where}) AS posts`;

/** The posts engine on embedded DuckDB, in one file under the data folder (or in memory). */
export class DuckDbEngine implements PostsEngine {
  readonly encoder = ENCODER;
  private readonly writes = new Mutex();
  private next = 0;
  private generation = 0;
  private readonly bitmaps = new KeywordBitmaps(() => this.readerFor());
  /** Read queries' rows until the next write (see ResultCache); large answers are not kept. */
  private readonly answers = new ResultCache<Row[]>(512, (rows) => rows.length <= 5000);

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
    return this.answers.get(queryKey(sql, params.values, this.bitmaps.names), async () => {
      const reader = await this.readerFor().runAndReadAll(sql, params.values);
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

  async search(
    scope: EngineScope,
    query: PostQuery,
    page: { size: number; page: number; sort: Parameters<typeof orderSql>[0] },
  ): Promise<PostPage> {
    const params = new Params();
    const where = await this.where(scope, query, params);
    const [list, total] = await Promise.all([
      this.rows(
        `SELECT ${LISTED_COLUMNS} FROM posts WHERE ${where}
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
        `SELECT ${LISTED_COLUMNS} FROM posts WHERE ${where}
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

    const names = await seriesNames(this, scope, query, { ...options, series: options.series });
    if (names.length === 0) return [];
    const group = groupSql(options.series, (options.seriesLevel ?? 0) + 1);
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
    return totalsFrom(
      (type) => num(row[type]),
      (i) => num(row[`t${i}`]),
    );
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
