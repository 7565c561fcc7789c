import type { DuckDBConnection } from '@duckdb/node-api';
import type { Post, PostQuery, Sort } from '@yuqing/core';
import type { RetweetNodeRow } from '../aggregations/retweet-graph.js';
import {
  groupTests,
  type Matches,
  type PageSpec,
  type Row,
  type SqlDialect,
  type Values,
} from '../sql/dialect.js';
import type { EngineScope } from '../types.js';
import { localClock } from './local-time.js';
import { LISTED_COLUMNS, fromDoc } from './rows.js';
import type { ListedPost } from '../listed-post.js';
import { sortedRows } from './sorted-rows.js';
import {
  Params,
  column,
  groupAmongSql,
  groupSql,
  groupedPosts,
  orderSql,
  pathsSql,
  type DuckDbGrouping,
} from './sql.js';

export interface DuckDbMatches extends Matches {
  values: Params;
}

/** What the dialect reads through: the engine's readers, with its result cache and keyword sets. */
export interface DuckDbReader {
  /** The WHERE clause of a query, its values bound in `params`. */
  where(scope: EngineScope, query: PostQuery, params: Params): Promise<string>;
  rows(sql: string, params: Params): Promise<Row[]>;
  /** A connection of the caller's own, which it closes. */
  connect(): Promise<DuckDBConnection>;
}

/**
 * Posts a scan gives at a time: parsed as the caller takes them, the posts of a batch read do
 * not all live at once (a tenth less of an export's time went to collecting garbage).
 */
const POSTS_AT_ONCE = 256;

/** DuckDB's SQL for the read queries: values as bind parameters, words by id. */
export class DuckDbDialect implements SqlDialect<DuckDbMatches, DuckDbGrouping> {
  readonly posts = 'posts';
  readonly count = 'count(*)::DOUBLE';
  readonly column = column;
  readonly group = groupSql;
  /** Every grouping keeps its groups after grouping here. */
  readonly groupThenKeep = groupSql;
  readonly groupAmong = groupAmongSql;
  readonly paths = pathsSql;
  readonly grouped = groupedPosts;

  constructor(private readonly reader: DuckDbReader) {}

  async matches(scope: EngineScope, query: PostQuery): Promise<DuckDbMatches> {
    const params = new Params();
    return { where: await this.reader.where(scope, query, params), values: params };
  }

  rows(sql: string, matches: DuckDbMatches): Promise<Row[]> {
    return this.reader.rows(sql, matches.values);
  }

  async page(matches: DuckDbMatches, spec: PageSpec): Promise<Post[]> {
    const rows = await this.rows(
      `SELECT ${LISTED_COLUMNS} FROM posts WHERE ${matches.where}
       ORDER BY ${orderSql(spec.sort)} LIMIT ${spec.size} OFFSET ${spec.offset}`,
      matches,
    );
    return rows.map(fromDoc);
  }

  async *scan(matches: DuckDbMatches, sort: Sort): AsyncIterable<ListedPost[]> {
    // A connection of its own: another query on a shared reader would end this read.
    const connection = await this.reader.connect();
    try {
      await connection.run(`SET TimeZone = 'UTC'`);
      const read = {
        columns: LISTED_COLUMNS,
        where: matches.where,
        values: matches.values.values,
        order: orderSql(sort),
      };
      for await (const rows of sortedRows(connection, read)) {
        for (let from = 0; from < rows.length; from += POSTS_AT_ONCE) {
          yield rows.slice(from, from + POSTS_AT_ONCE) as unknown as ListedPost[];
        }
      }
    } finally {
      connection.closeSync();
    }
  }

  /**
   * The groups are tested in a query around the grouping: tested in its HAVING, terms and pivots
   * by a path field took 2–5 times as long (200k posts).
   */
  keepGroups(grouping: string, groups: readonly DuckDbGrouping[]): string {
    const tests = groupTests(groups);
    return tests ? `SELECT * FROM (${grouping}) AS groups WHERE ${tests}` : grouping;
  }

  countIf(condition: string): string {
    return `count(*) FILTER (WHERE ${condition})::DOUBLE`;
  }

  sum(measure: string): string {
    return `coalesce(sum(${measure}), 0)::DOUBLE`;
  }

  async clock(
    timeZone: string,
    range: () => Promise<{ start: number; end: number } | undefined>,
    values: Values,
  ) {
    return localClock(timeZone, await range(), values);
  }

  /** Counting word ids and naming only the counted ones is several times faster than strings. */
  words(where: string, size: number): string {
    return `WITH counts AS (SELECT t.id AS id, count(*) AS value
             FROM (SELECT token_ids FROM posts WHERE ${where}) AS newest, unnest(newest.token_ids) AS t(id)
             GROUP BY 1)
       SELECT words.word AS name, counts.value::DOUBLE AS value FROM counts JOIN words USING (id)
       ORDER BY value DESC, name ASC LIMIT ${size}`;
  }

  /**
   * Retweets are matching posts, so a target's name and time are its own; a parent's come from
   * its retweets (unless it is stored). The nodes come back as one JSON string: the node client
   * converts every value of a result on its own, which for the thousands of nodes of a long range
   * took longer than the query.
   */
  async retweetNodes(
    matches: DuckDbMatches,
    retweets: string,
    size: number,
  ): Promise<RetweetNodeRow[]> {
    const [answer] = await this.rows(
      `WITH rt AS MATERIALIZED (
          SELECT _id, rel, author, created, retweeted_screen_name FROM posts WHERE ${retweets}),
        counts AS MATERIALIZED (SELECT rel AS id, count(*) AS value FROM rt GROUP BY rel),
        top AS MATERIALIZED (SELECT id, value FROM counts ORDER BY value DESC, id ASC LIMIT ${size}),
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
      matches,
    );
    // No retweets match: the list, and so the JSON, is NULL.
    const json = answer?.nodes;
    if (typeof json !== 'string') return [];
    return (JSON.parse(json) as [string, number, string | null, number, string[] | null][]).map(
      ([id, value, name, created, targets]) => ({ id, value, name, created, targets }),
    );
  }

  /**
   * An IN list on _id alone is looked up in the index; another condition, or a join, scans every
   * _id. Posts of other projects sharing an _id are left out here.
   */
  async storedPosts(
    scope: EngineScope,
    _matches: DuckDbMatches,
    ids: readonly string[],
  ): Promise<Map<string, { author: string; created: number }>> {
    const params = new Params();
    const found = await this.reader.rows(
      `SELECT _id, project_id, author, created::DOUBLE AS created FROM posts
       WHERE _id IN (${ids.map((id) => params.bind(id)).join(', ')})`,
      params,
    );
    const stored = new Map<string, { author: string; created: number }>();
    for (const row of found) {
      if (row.project_id === scope.projectId) {
        stored.set(String(row._id), { author: String(row.author), created: Number(row.created) });
      }
    }
    return stored;
  }
}
