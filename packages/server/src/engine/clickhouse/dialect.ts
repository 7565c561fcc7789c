import type { ClickHouseClient, Row as ResultRow } from '@clickhouse/client';
import type { Post, PostQuery, Sort } from '@yuqing/core';
import type { RetweetNodeRow } from '../aggregations/retweet-graph.js';
import {
  groupTests,
  type LocalClock,
  type Matches,
  type PageSpec,
  type Row,
  type SqlDialect,
  type Values,
} from '../sql/dialect.js';
import type { EngineScope } from '../types.js';
import { postOfListed, type ListedPost } from '../listed-post.js';
import { LISTED_COLUMNS, listedOf, type ListedRow } from './encoder.js';
import { inList, literal, numberLiteral, stringLiteral } from './literal.js';
import type { Tables } from './schema.js';
import {
  bucketSql,
  column,
  groupAmongSql,
  groupSql,
  groupThenKeepSql,
  groupedRows,
  localPartsSql,
  orderSql,
  pathsSql,
  visibleSql,
  whereSql,
  type ClickHouseGrouping,
  type Visibility,
} from './sql.js';
import { unavailableOrSelf } from './unavailable.js';

const num = (value: unknown) => Number(value ?? 0);

/** JavaScript string order (UTF-16 code units), the tie-break of answers sorted here. */
const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** ClickHouse 18.16 has no query parameters: values are literals (literal.ts). */
const LITERALS: Values = { bind: literal };

/** The newest parts of a range a newest-first page is looked for in before the whole of it. */
const NEWEST_PARTS = [1 / 32, 1 / 4];

/** Posts per batch of `scan`. */
const SCAN_BATCH = 1000;

/** Where a row lies: its import's id and its place in the import. */
type RowKey = { created: number; import_id: number; seq: number };

/** The rows of a JSONEachRow stream in batches of `size`. */
async function* batchesOf<T>(stream: AsyncIterable<ResultRow<T>[]>, size: number) {
  let batch: T[] = [];
  for await (const rows of stream) {
    for (const row of rows) batch.push(row.json());
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** A read of one project, seeing the imports it saw when it started (one read of `imports`). */
export interface ClickHouseMatches extends Matches {
  projectId: string;
  visibility: Visibility;
}

/** What the dialect reads through: the engine's tables, its reads and its first node. */
export interface ClickHouseReader {
  tables: Tables;
  select<T = Row>(query: string): Promise<T[]>;
  visibility(projectId: string): Promise<Visibility>;
  /** The node reads go to. */
  first(): ClickHouseClient;
}

/**
 * ClickHouse's SQL for the read queries: values as literals, and reads in two phases where
 * ClickHouse would otherwise read whole rows of every match.
 */
export class ClickHouseDialect implements SqlDialect<ClickHouseMatches, ClickHouseGrouping> {
  readonly count = 'toFloat64(count())';
  readonly column = column;
  readonly group = groupSql;
  readonly groupThenKeep = groupThenKeepSql;
  readonly groupAmong = groupAmongSql;
  readonly paths = pathsSql;

  constructor(private readonly reader: ClickHouseReader) {}

  get posts(): string {
    return this.reader.tables.posts;
  }

  async matches(scope: EngineScope, query: PostQuery): Promise<ClickHouseMatches> {
    const visibility = await this.reader.visibility(scope.projectId);
    return {
      where: whereSql(scope.projectId, query, visibility, this.reader.tables),
      values: LITERALS,
      projectId: scope.projectId,
      visibility,
    };
  }

  rows(sql: string): Promise<Row[]> {
    return this.reader.select(sql);
  }

  /**
   * A page in two steps: the page's row keys sorted (reading the sort columns only), then those
   * rows' documents. ClickHouse reads every selected column of every matching row before a LIMIT,
   * and `doc` is most of a row.
   */
  async page(matches: ClickHouseMatches, spec: PageSpec, query: PostQuery): Promise<Post[]> {
    const rows = await this.listed(
      matches.projectId,
      await this.pageKeys(matches.where, spec, query),
    );
    return rows.map(postOfListed);
  }

  /** The posts of these row keys, in their order. */
  private async listed(projectId: string, keys: readonly RowKey[]): Promise<ListedPost[]> {
    if (keys.length === 0) return [];
    const rows = await this.reader.select<ListedRow & RowKey>(
      `SELECT ${LISTED_COLUMNS}, import_id, seq FROM ${this.posts}
       WHERE project_id = ${stringLiteral(projectId)}
         AND created IN ${inList([...new Set(keys.map((key) => num(key.created)))])}
         AND (import_id, seq) IN (${keys.map((key) => `(${numberLiteral(num(key.import_id))}, ${numberLiteral(num(key.seq))})`).join(', ')})`,
    );
    const byKey = new Map(rows.map((row) => [`${num(row.import_id)}:${num(row.seq)}`, row]));
    const list = keys.map((key) => byKey.get(`${num(key.import_id)}:${num(key.seq)}`));
    if (list.some((row) => row === undefined)) throw new Error('a listed post vanished mid-read');
    return list.map((row) => listedOf(row!));
  }

  /**
   * The keys of a page's rows. Newest first, the newest part of the range is tried first: when it
   * holds the page, older posts cannot be on it, and a keyword's matches are not all read twice.
   */
  private async pageKeys(where: string, spec: PageSpec, query: PostQuery) {
    const keys = (within: string) =>
      this.reader.select<RowKey>(
        `SELECT created, import_id, seq FROM ${this.posts} WHERE ${where}${within}
         ORDER BY ${orderSql(spec.sort)} LIMIT ${numberLiteral(spec.offset)}, ${numberLiteral(spec.size)}`,
      );
    if (spec.sort === 'created desc' && query.start !== undefined && query.end !== undefined) {
      for (const part of NEWEST_PARTS) {
        const from = Math.round(query.end - (query.end - query.start) * part);
        const found = await keys(` AND created >= ${numberLiteral(from)}`);
        if (found.length === spec.size) return found;
      }
    }
    return keys('');
  }

  /**
   * Like a page: the matches' row keys sorted, streamed, and each batch's documents read by key
   * while the caller works on the batch before. Sorted whole rows, `doc` went through the sort.
   */
  async *scan(matches: ClickHouseMatches, sort: Sort): AsyncIterable<ListedPost[]> {
    const result = await this.reader
      .first()
      .query({
        query: `SELECT created, import_id, seq FROM ${this.posts} WHERE ${matches.where} ORDER BY ${orderSql(sort)}`,
        format: 'JSONEachRow',
      })
      .catch((error: unknown) => {
        throw unavailableOrSelf(error);
      });
    let pending: Promise<ListedPost[]> | undefined;
    try {
      for await (const keys of batchesOf(result.stream<RowKey>(), SCAN_BATCH)) {
        const next = this.listed(matches.projectId, keys);
        // Heard when awaited; a caller that stops early leaves it unheard.
        next.catch(() => {});
        if (pending) yield await pending;
        pending = next;
      }
      if (pending) yield await pending;
    } finally {
      // A caller that stops early ends the response.
      result.close();
    }
  }

  keepGroups(grouping: string, groups: readonly ClickHouseGrouping[]): string {
    const tests = groupTests(groups);
    return tests ? `${grouping} HAVING ${tests}` : grouping;
  }

  countIf(condition: string): string {
    return `toFloat64(countIf(${condition}))`;
  }

  sum(measure: string): string {
    return `toFloat64(sum(${measure}))`;
  }

  grouped(where: string, groups: readonly ClickHouseGrouping[]): string {
    return groupedRows(this.posts, where, groups);
  }

  /** ClickHouse's zone functions, the same over any range. */
  async clock(timeZone: string): Promise<LocalClock> {
    return { bucket: (interval) => bucketSql(interval, timeZone), ...localPartsSql(timeZone) };
  }

  words(where: string, size: number): string {
    return `SELECT arrayJoin(tokens) AS name, toFloat64(count()) AS value
       FROM ${this.posts} WHERE ${where}
       GROUP BY name ORDER BY value DESC, name ASC LIMIT ${numberLiteral(size)}`;
  }

  /** The top parents, then their retweets, then how often each of those is retweeted itself. */
  async retweetNodes(
    _matches: ClickHouseMatches,
    retweets: string,
    size: number,
  ): Promise<RetweetNodeRow[]> {
    const top = await this.reader.select<{ id: string; value: number }>(
      `SELECT rel AS id, toFloat64(count()) AS value FROM ${this.posts} WHERE ${retweets}
       GROUP BY id ORDER BY value DESC, id ASC LIMIT ${numberLiteral(size)}`,
    );
    if (top.length === 0) return [];
    const topIds = top.map((row) => row.id);
    const edges = await this.reader.select<{
      _id: string;
      rel: string;
      author_name: string;
      created: number;
      screen_name: string;
    }>(
      `SELECT _id, rel, toString(author) AS author_name, created, retweeted_screen_name AS screen_name
       FROM ${this.posts} WHERE ${retweets} AND rel IN ${inList(topIds)}`,
    );
    // The retweets' own retweets, named by a subquery: there may be many thousands of them. A
    // retweet lies on the shard of its own _id, not of the post it retweets: the subquery is
    // GLOBAL, read once over every shard and sent to each.
    const counts = new Map<string, number>();
    const retweeted = await this.reader.select<{ id: string; value: number }>(
      `SELECT rel AS id, toFloat64(count()) AS value FROM ${this.posts}
       WHERE ${retweets} AND rel NOT IN ${inList(topIds)} AND rel GLOBAL IN (
         SELECT _id FROM ${this.posts} WHERE ${retweets} AND rel IN ${inList(topIds)})
       GROUP BY id`,
    );
    for (const row of retweeted) counts.set(row.id, num(row.value));
    const topSet = new Set(topIds);
    const nodes: RetweetNodeRow[] = [];
    for (const { id, value } of top) {
      const mine = edges.filter((edge) => edge.rel === id);
      const names = mine.map((edge) => edge.screen_name).filter((name) => name !== '');
      nodes.push({
        id,
        value: num(value),
        name: names.length > 0 ? names.sort(compareStrings)[0]! : null,
        created: Math.min(...mine.map((edge) => num(edge.created))),
        targets: mine.map((edge) => edge._id).sort(compareStrings),
      });
    }
    const seen = new Set<string>();
    for (const edge of edges) {
      if (topSet.has(edge._id) || seen.has(edge._id)) continue;
      seen.add(edge._id);
      nodes.push({
        id: edge._id,
        value: counts.get(edge._id) ?? 0,
        name: edge.author_name,
        created: num(edge.created),
        targets: null,
      });
    }
    return nodes.sort((a, b) => compareStrings(a.id, b.id));
  }

  /** Seen as the matches were: the same imports. */
  async storedPosts(
    scope: EngineScope,
    matches: ClickHouseMatches,
    ids: readonly string[],
  ): Promise<Map<string, { author: string; created: number }>> {
    const rows = await this.reader.select<{ _id: string; author_name: string; created: number }>(
      `SELECT _id, toString(author) AS author_name, created FROM ${this.posts}
       PREWHERE _id IN ${inList(ids)} WHERE project_id = ${stringLiteral(scope.projectId)}
         AND ${visibleSql(scope.projectId, matches.visibility, this.reader.tables)}`,
    );
    return new Map(
      rows.map((row) => [row._id, { author: row.author_name, created: num(row.created) }]),
    );
  }
}
