import type { BucketInterval, FilterField, Post, PostQuery, Sort } from '@yuqing/core';
import type { RetweetNodeRow } from '../aggregations/retweet-graph.js';
import type { ListedPost } from '../listed-post.js';
import type { EngineScope } from '../types.js';

export type Row = Record<string, unknown>;

/** How values reach one statement: as bind parameters (DuckDB) or as literals (ClickHouse). */
export interface Values {
  /** The SQL standing for a value. */
  bind(value: string | number): string;
}

/** The posts a query matches, as the WHERE clause of one statement and that statement's values. */
export interface Matches {
  where: string;
  values: Values;
}

/**
 * A grouping by a field, made for the name its value is selected as. `having` keeps the groups
 * wanted (a term field's non-empty values, a path field's paths of one depth) when the dialect
 * tests them after grouping rather than in the rows `grouped` gives.
 */
export interface Grouping {
  value: string;
  having?: string;
}

/** The groupings' tests of their groups, joined by AND; '' when none tests its groups. */
export const groupTests = (groups: readonly Grouping[]) =>
  groups.flatMap((group) => (group.having ? [group.having] : [])).join(' AND ');

/** SQL of each post's time on the local clock of one zone. */
export interface LocalClock {
  /** Epoch ms of the local bucket start. */
  bucket(interval: BucketInterval): string;
  /** 0 (Monday) to 6. */
  weekday: string;
  hour: string;
}

/** A page of a search: `size` posts after the first `offset`, in `sort` order. */
export interface PageSpec {
  sort: Sort;
  offset: number;
  size: number;
}

/**
 * What the read queries (sql-engine.ts) need of a database: how a query's matches are written and
 * run, and the pieces of SQL whose spelling differs. Where a piece differs in structure (a page of
 * posts, word counts, the retweet graph's nodes), the dialect writes the whole piece.
 */
export interface SqlDialect<M extends Matches, G extends Grouping> {
  /** The posts table as read queries name it. */
  readonly posts: string;
  /** Starts a read of the posts a query matches. */
  matches(scope: EngineScope, query: PostQuery): Promise<M>;
  /** Runs a read over `matches`; callers only read the rows. */
  rows(sql: string, matches: M): Promise<Row[]>;
  /** The matches of one page, as listed (`query` is the one `matches` came from). */
  page(matches: M, spec: PageSpec, query: PostQuery): Promise<Post[]>;
  /** Every match in `sort` order (ties by _id), in batches, as listed. */
  scan(matches: M, sort: Sort): AsyncIterable<ListedPost[]>;

  /** The number of rows, as a float. */
  readonly count: string;
  /** The number of rows where `condition` holds, as a float. */
  countIf(condition: string): string;
  /** The sum of `measure`, 0 over no rows, as a float. */
  sum(measure: string): string;
  /** The column of a field of core's lists. */
  column(field: string): string;

  /** A term field's non-empty values, or a path field's paths of one depth. */
  group(field: FilterField, depth: number, name: string): G;
  /**
   * The same values, for the top ones: a dialect may group a path field's every path and keep the
   * groups of the depth, testing the few distinct paths rather than every path of every post.
   */
  groupThenKeep(field: FilterField, depth: number, name: string): G;
  /** A field's values among `names` only. */
  groupAmong(field: FilterField, names: readonly string[], name: string, values: Values): G;
  /** Every path of a path field's lists. */
  paths(field: FilterField, name: string): G;
  /** The rows matching `where` to group by `groups`: what follows FROM, up to GROUP BY. */
  grouped(where: string, groups: readonly G[]): string;
  /** A query grouping by `groups` (up to its GROUP BY) with the groups that pass their tests. */
  keepGroups(grouping: string, groups: readonly G[]): string;

  /** The local clock of a zone; `range` (the posts' range) is asked only if the clock uses it. */
  clock(
    timeZone: string,
    range: () => Promise<{ start: number; end: number } | undefined>,
    values: Values,
  ): Promise<LocalClock>;
  /** SQL of the words of the posts matching `where` as name and value: the `size` most, in order. */
  words(where: string, size: number): string;
  /**
   * The retweet graph's nodes among the retweets matching `retweets` (see RetweetNodeRow): the
   * `size` parents with the most retweets and their retweets, by id.
   */
  retweetNodes(matches: M, retweets: string, size: number): Promise<RetweetNodeRow[]>;
  /** The author and time of the project's stored posts of these _ids (a missing one is left out). */
  storedPosts(
    scope: EngineScope,
    matches: M,
    ids: readonly string[],
  ): Promise<Map<string, { author: string; created: number }>>;
}
