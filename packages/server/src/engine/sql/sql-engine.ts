import { SENTIMENTS, VALUE_TYPES, type PostQuery, type Sort, type ValueType } from '@yuqing/core';
import type {
  AuthorRank,
  EngineScope,
  HeatCell,
  NameValue,
  PathCount,
  PivotCell,
  PostPage,
  PostsEngine,
  RetweetGraph,
  StatisticsResult,
  Totals,
  TrendPoint,
} from '../types.js';
import { bucketStarts, filledSeriesTrend, filledTrend } from '../aggregations/buckets.js';
import { heatGrid } from '../aggregations/heat-grid.js';
import { pathTree } from '../aggregations/path-tree.js';
import { seriesNames } from '../aggregations/series-names.js';
import { statisticsOf } from '../aggregations/previous-period.js';
import { totalsFrom } from '../aggregations/totals.js';
import { parentIds, retweetGraphOf } from '../aggregations/retweet-graph.js';
import { trendRange } from '../aggregations/trend-range.js';
import type { ListedPost } from '../listed-post.js';
import type { Grouping, Matches, SqlDialect } from './dialect.js';
import { isPathField } from './path-fields.js';

const num = (value: unknown) => Number(value ?? 0);

/** The options of a query method, as the engine's interface declares them. */
type OptionsOf<K extends keyof PostsEngine> = PostsEngine[K] extends (
  scope: EngineScope,
  query: PostQuery,
  options: infer O,
) => unknown
  ? O
  : never;

/**
 * The read queries of the posts engine (SEMANTICS.md, "Answers"), written once over a database's
 * dialect; each database's engine adds its connection, its writes and its storage.
 */
export abstract class SqlEngine<M extends Matches, G extends Grouping> {
  protected abstract readonly dialect: SqlDialect<M, G>;

  /** The aggregate of a value type: volume counts posts, the others sum their measure. */
  private aggregate(valueType: ValueType): string {
    if (valueType === 'volume') return this.dialect.count;
    if (valueType === 'zpz_num') return this.dialect.sum('(repost_num + comment_num + like_num)');
    return this.dialect.sum(this.dialect.column(valueType));
  }

  async search(
    scope: EngineScope,
    query: PostQuery,
    page: { size: number; page: number; sort: Sort },
  ): Promise<PostPage> {
    const matches = await this.dialect.matches(scope, query);
    const size = Math.trunc(page.size);
    const spec = { sort: page.sort, offset: size * Math.trunc(page.page), size };
    const [list, total] = await Promise.all([
      this.dialect.page(matches, spec, query),
      this.countOf(matches),
    ]);
    return { list, total };
  }

  async *scan(scope: EngineScope, query: PostQuery, sort: Sort): AsyncIterable<ListedPost[]> {
    yield* this.dialect.scan(await this.dialect.matches(scope, query), sort);
  }

  async count(scope: EngineScope, query: PostQuery): Promise<number> {
    return this.countOf(await this.dialect.matches(scope, query));
  }

  private async countOf(matches: M): Promise<number> {
    const [row] = await this.dialect.rows(
      `SELECT ${this.dialect.count} AS n FROM ${this.dialect.posts} WHERE ${matches.where}`,
      matches,
    );
    return num(row?.n);
  }

  async terms(
    scope: EngineScope,
    query: PostQuery,
    options: OptionsOf<'terms'>,
  ): Promise<NameValue[]> {
    const matches = await this.dialect.matches(scope, query);
    const group = this.dialect.groupThenKeep(options.field, (options.level ?? 0) + 1, 'name');
    const rows = await this.dialect.rows(
      `${this.dialect.keepGroups(
        `SELECT ${group.value} AS name, ${this.aggregate(options.valueType)} AS value
         FROM ${this.dialect.grouped(matches.where, [group])} GROUP BY name`,
        [group],
      )} ORDER BY value DESC, name ASC LIMIT ${Math.trunc(options.size)}`,
      matches,
    );
    return rows.map((row) => ({ name: String(row.name), value: num(row.value) }));
  }

  async pathTree(
    scope: EngineScope,
    query: PostQuery,
    options: OptionsOf<'pathTree'>,
  ): Promise<PathCount[]> {
    if (!isPathField(options.field)) return [];
    const matches = await this.dialect.matches(scope, query);
    const group = this.dialect.paths(options.field, 'path');
    const rows = await this.dialect.rows(
      `SELECT ${group.value} AS path, ${this.dialect.count} AS value
       FROM ${this.dialect.grouped(matches.where, [group])} GROUP BY path`,
      matches,
    );
    return pathTree(
      rows.map((row) => ({ path: String(row.path), value: num(row.value) })),
      options.size,
    );
  }

  async timeExtent(
    scope: EngineScope,
    query: PostQuery,
  ): Promise<{ min: number; max: number } | undefined> {
    const matches = await this.dialect.matches(scope, query);
    const [row] = await this.dialect.rows(
      `SELECT min(created) AS min, max(created) AS max, ${this.dialect.count} AS n
       FROM ${this.dialect.posts} WHERE ${matches.where}`,
      matches,
    );
    return row && num(row.n) > 0 ? { min: num(row.min), max: num(row.max) } : undefined;
  }

  async trend(
    scope: EngineScope,
    query: PostQuery,
    options: OptionsOf<'trend'>,
  ): Promise<TrendPoint[]> {
    const range = await trendRange(query, () => this.timeExtent(scope, query));
    if (!range) return [];
    const buckets = await bucketStarts(scope.timeZone, range, options.interval);
    const matches = await this.dialect.matches(scope, query);
    // The first bucket may start before the range, perhaps under another UTC offset.
    const clock = await this.dialect.clock(
      scope.timeZone,
      async () => ({ start: buckets[0] ?? range.start, end: range.end }),
      matches.values,
    );
    const bucket = clock.bucket(options.interval);
    const value = this.aggregate(options.valueType);

    if (!options.series) {
      const rows = await this.dialect.rows(
        `SELECT ${bucket} AS time, ${value} AS value
         FROM ${this.dialect.posts} WHERE ${matches.where} GROUP BY time`,
        matches,
      );
      return filledTrend(
        buckets,
        rows.map((row) => ({ time: num(row.time), value: num(row.value) })),
      );
    }

    const names = await seriesNames(this, scope, query, { ...options, series: options.series });
    if (names.length === 0) return [];
    const group = this.dialect.groupAmong(options.series, names, 'name', matches.values);
    const rows = await this.dialect.rows(
      this.dialect.keepGroups(
        `SELECT ${bucket} AS time, ${group.value} AS name, ${value} AS value
         FROM ${this.dialect.grouped(matches.where, [group])} GROUP BY time, name`,
        [group],
      ),
      matches,
    );
    return filledSeriesTrend(
      buckets,
      names,
      rows.map((row) => ({ time: num(row.time), name: String(row.name), value: num(row.value) })),
    );
  }

  private async totals(scope: EngineScope, query: PostQuery): Promise<Totals> {
    const matches = await this.dialect.matches(scope, query);
    // The sentiments are core's constants, quoted as they are.
    const [row = {}] = await this.dialect.rows(
      `SELECT ${VALUE_TYPES.map((type) => `${this.aggregate(type)} AS v_${type}`).join(', ')},
        ${SENTIMENTS.map((label, i) => `${this.dialect.countIf(`tendency = '${label}'`)} AS t${i}`).join(', ')}
       FROM ${this.dialect.posts} WHERE ${matches.where}`,
      matches,
    );
    return totalsFrom(
      (type) => num(row[`v_${type}`]),
      (i) => num(row[`t${i}`]),
    );
  }

  async statistics(
    scope: EngineScope,
    query: PostQuery,
    options: OptionsOf<'statistics'>,
  ): Promise<StatisticsResult> {
    return statisticsOf(query, options.valueType, (period) => this.totals(scope, period));
  }

  async words(
    scope: EngineScope,
    query: PostQuery,
    options: OptionsOf<'words'>,
  ): Promise<NameValue[]> {
    const matches = await this.dialect.matches(scope, query);
    let where = matches.where;
    if (options.recent !== undefined) {
      // The newest `recent` matches are those up to the last of them, found first: sorting the
      // matches themselves with their tokens costs several times more.
      const recent = Math.trunc(options.recent);
      if (recent <= 0) return [];
      const [last] = await this.dialect.rows(
        `SELECT created, _id FROM ${this.dialect.posts} WHERE ${where}
         ORDER BY created DESC, _id ASC LIMIT 1 OFFSET ${recent - 1}`,
        matches,
      );
      if (last) {
        const created = matches.values.bind(num(last.created));
        const id = matches.values.bind(String(last._id));
        where += ` AND (created > ${created} OR (created = ${created} AND _id <= ${id}))`;
      }
    }
    const rows = await this.dialect.rows(
      this.dialect.words(where, Math.trunc(options.size)),
      matches,
    );
    return rows.map((row) => ({ name: String(row.name), value: num(row.value) }));
  }

  async heatmap(
    scope: EngineScope,
    query: PostQuery,
    options: OptionsOf<'heatmap'>,
  ): Promise<HeatCell[]> {
    const matches = await this.dialect.matches(scope, query);
    const clock = await this.dialect.clock(
      scope.timeZone,
      () => trendRange(query, () => this.timeExtent(scope, query)),
      matches.values,
    );
    const rows = await this.dialect.rows(
      `SELECT ${clock.weekday} AS weekday, ${clock.hour} AS hour,
         ${this.aggregate(options.valueType)} AS value
       FROM ${this.dialect.posts} WHERE ${matches.where} GROUP BY weekday, hour`,
      matches,
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
    options: OptionsOf<'pivot'>,
  ): Promise<PivotCell[]> {
    const matches = await this.dialect.matches(scope, query);
    const groups = [
      this.dialect.group(options.rows, 1, 'r'),
      this.dialect.group(options.cols, 1, 'c'),
    ];
    const rows = await this.dialect.rows(
      `${this.dialect.keepGroups(
        `SELECT ${groups[0]!.value} AS r, ${groups[1]!.value} AS c,
           ${this.aggregate(options.valueType)} AS value
         FROM ${this.dialect.grouped(matches.where, groups)} GROUP BY r, c`,
        groups,
      )} ORDER BY r ASC, c ASC`,
      matches,
    );
    return rows.map((row) => ({ row: String(row.r), col: String(row.c), value: num(row.value) }));
  }

  async authors(
    scope: EngineScope,
    query: PostQuery,
    options: OptionsOf<'authors'>,
  ): Promise<AuthorRank[]> {
    const matches = await this.dialect.matches(scope, query);
    const group = this.dialect.group(options.field, 1, 'name');
    const rows = await this.dialect.rows(
      `${this.dialect.keepGroups(
        `SELECT ${group.value} AS name, ${this.dialect.count} AS value,
           ${this.dialect.sum('engagement_num')} AS engagement
         FROM ${this.dialect.grouped(matches.where, [group])} GROUP BY name`,
        [group],
      )} ORDER BY value DESC, engagement DESC, name ASC LIMIT ${Math.trunc(options.size)}`,
      matches,
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
    options: OptionsOf<'retweetGraph'>,
  ): Promise<RetweetGraph> {
    const matches = await this.dialect.matches(scope, query);
    const retweets = `${matches.where} AND retweeted = 'YES' AND rel <> ''`;
    const nodes = await this.dialect.retweetNodes(matches, retweets, Math.trunc(options.size));
    const parents = parentIds(nodes);
    // A stored parent names itself.
    const stored =
      parents.length > 0
        ? await this.dialect.storedPosts(scope, matches, parents)
        : new Map<string, { author: string; created: number }>();
    return retweetGraphOf(nodes, stored);
  }
}
