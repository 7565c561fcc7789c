import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
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
import { MASK_WORDS, maskColumn } from './gram-mask.js';
import { localClock } from './local-time.js';
import { fromRow, stagedLine, toRow } from './rows.js';
import { CREATE_POSTS, POSTS_COLUMNS } from './schema.js';
import {
  Params,
  aggregateSql,
  column,
  groupSql,
  isPathField,
  orderSql,
  queryPrefilter,
  whereSql,
} from './sql.js';

type Row = Record<string, unknown>;
const num = (value: unknown) => Number(value ?? 0);

/** DuckDB's JSON reader over a staged batch, typed like the posts table plus `seq`. */
function jsonSource(file: string): string {
  const columns = [...POSTS_COLUMNS, ['seq', 'BIGINT'] as [string, string]]
    .map(([name, type]) => `'${name}': '${type.replace(' NOT NULL', '')}'`)
    .join(', ');
  return `read_json('${file.replace(/'/g, "''")}', format = 'newline_delimited', columns = {${columns}})`;
}

/** Masks narrow a query first when they leave less than this share of the posts. */
const PREFILTER_SHARE = 0.2;

const MASK_COLUMNS = Array.from({ length: MASK_WORDS }, (_, i) => maskColumn(i)).join(', ');

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
  private readonly prefilterPlans = new Map<string, { use: boolean; until: number }>();
  private next = 0;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly readers: DuckDBConnection[],
    private readonly writer: DuckDBConnection,
    private readonly stagingDir: string,
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
    await writer.run(CREATE_POSTS);
    const readers = await Promise.all(Array.from({ length: options.readers ?? 4 }, connect));
    return new DuckDbEngine(instance, readers, writer, options.stagingDir);
  }

  /**
   * Whether keyword masks should narrow this query first: worth it when they leave a small share
   * of the project's posts (a rare term), not when most posts hold the term (a brand name).
   * Decided once a minute per project and keywords, since a dashboard asks many times at once.
   */
  private async prefilter(scope: EngineScope, query: PostQuery): Promise<boolean> {
    const masks = queryPrefilter(query);
    if (!masks) return false;
    const key = `${scope.projectId}\u0000${query.q}`;
    const known = this.prefilterPlans.get(key);
    if (known && known.until > Date.now()) return known.use;
    const params = new Params();
    const project = params.bind(scope.projectId);
    const [row] = await this.rows(
      `SELECT count(*) FILTER (WHERE ${masks})::DOUBLE AS candidates, count(*)::DOUBLE AS total
       FROM posts WHERE project_id = ${project}`,
      params,
    );
    const use = num(row?.candidates) < PREFILTER_SHARE * num(row?.total);
    if (this.prefilterPlans.size > 1000) this.prefilterPlans.clear();
    this.prefilterPlans.set(key, { use, until: Date.now() + 60_000 });
    return use;
  }

  /** The WHERE clause of a query, narrowed first by keyword masks when that pays. */
  private async where(scope: EngineScope, query: PostQuery, params: Params): Promise<string> {
    return whereSql(scope.projectId, query, params, await this.prefilter(scope, query));
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
   * Batches go through a staging table, each loaded by DuckDB's JSON reader from a file (the
   * fastest bulk path); commit moves them into posts in one transaction.
   */
  async openImport(scope: EngineScope): Promise<ImportSession> {
    const table = `staging_${randomBytes(8).toString('hex')}`;
    const columns = POSTS_COLUMNS.map(
      ([name, type]) => `"${name}" ${type.replace(' NOT NULL', '')}`,
    );
    await this.writes.run(() =>
      this.writer.run(`CREATE TABLE ${table} (${columns.join(', ')}, seq BIGINT)`),
    );
    let seq = 0;
    const drop = () => this.writer.run(`DROP TABLE IF EXISTS ${table}`);
    return {
      add: (posts) =>
        this.writes.run(async () => {
          const file = join(this.stagingDir, `${table}-${seq}.ndjson`);
          const lines = posts.map((post) =>
            stagedLine({ ...toRow(scope.projectId, post), seq: seq++ }),
          );
          await writeFile(file, lines.join('\n'));
          try {
            await this.writer.run(`INSERT INTO ${table} SELECT * FROM ${jsonSource(file)}`);
          } finally {
            await rm(file, { force: true });
          }
        }),
      commit: () =>
        this.writes.run(async () => {
          const latest = `SELECT * EXCLUDE (seq) FROM ${table} QUALIFY row_number() OVER (PARTITION BY _id ORDER BY seq DESC) = 1`;
          try {
            await this.writer.run('BEGIN TRANSACTION');
            const deleted = await this.writer.run(
              `DELETE FROM posts WHERE project_id = $1 AND _id IN (SELECT _id FROM ${table})`,
              [scope.projectId],
            );
            const inserted = await this.writer.run(`INSERT INTO posts ${latest}`);
            await this.writer.run(`DROP TABLE ${table}`);
            await this.writer.run('COMMIT');
            // Rows of the file that another row of the same file replaced count as replaced too.
            const replaced = deleted.rowsChanged + (seq - inserted.rowsChanged);
            return { imported: seq - replaced, replaced };
          } catch (error) {
            await this.writer.run('ROLLBACK').catch(() => undefined);
            await drop();
            throw error;
          }
        }),
      abort: () => this.writes.run(async () => void (await drop())),
    };
  }

  deleteProject(projectId: string): Promise<void> {
    return this.writes.run(async () => {
      await this.writer.run('DELETE FROM posts WHERE project_id = $1', [projectId]);
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
        `SELECT * EXCLUDE (project_id, search_text, ${MASK_COLUMNS}) FROM posts WHERE ${where}
         ORDER BY ${orderSql(page.sort)} LIMIT ${page.size} OFFSET ${page.size * page.page}`,
        params,
      ),
      this.count(scope, query),
    ]);
    return { list: list.map(fromRow), total };
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
    const limit = options.recent === undefined ? '' : `LIMIT ${Math.trunc(options.recent)}`;
    const rows = await this.rows(
      `SELECT w.word AS name, count(*)::DOUBLE AS value
       FROM (SELECT tokens FROM posts WHERE ${await this.where(scope, query, params)}
             ORDER BY created DESC, _id ASC ${limit}) AS newest, unnest(newest.tokens) AS w(word)
       GROUP BY 1 ORDER BY value DESC, name ASC LIMIT ${Math.trunc(options.size)}`,
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
    const retweets = `SELECT _id, rel, author, created, extra FROM posts
      WHERE ${await this.where(scope, query, params)} AND retweeted = 'YES' AND rel <> ''`;
    const projectId = params.bind(scope.projectId);
    const rows = await this.rows(
      `WITH rt AS (${retweets}),
        top AS (SELECT rel AS id FROM rt GROUP BY rel ORDER BY count(*) DESC, rel ASC LIMIT ${Math.trunc(options.size)}),
        edges AS (SELECT rel AS source, _id AS target FROM rt WHERE rel IN (SELECT id FROM top)),
        ids AS (SELECT source AS id FROM edges UNION SELECT target FROM edges)
       SELECT ids.id AS id,
        (SELECT count(*) FROM rt WHERE rt.rel = ids.id)::DOUBLE AS value,
        coalesce(stored.author,
          (SELECT min(json_extract_string(rt.extra, '$.retweeted_status.user.screen_name')) FROM rt WHERE rt.rel = ids.id),
          '') AS name,
        coalesce(stored.created, (SELECT min(rt.created) FROM rt WHERE rt.rel = ids.id))::DOUBLE AS created,
        (SELECT list(target ORDER BY target) FROM edges WHERE edges.source = ids.id) AS targets
       FROM ids LEFT JOIN posts AS stored ON stored.project_id = ${projectId} AND stored._id = ids.id
       ORDER BY ids.id`,
      params,
    );
    return {
      nodes: rows.map((row) => ({
        id: String(row.id),
        name: String(row.name ?? ''),
        value: num(row.value),
        created: num(row.created),
      })),
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
