import { screenName } from '../../src/engine/retweeted.js';
import {
  PATH_FIELDS,
  bucketStart,
  localParts,
  matchesKeyword,
  nextBucket,
  pathDepth,
  pathValues,
  queryConditions,
  termValue,
  type FieldCondition,
  type FilterField,
  type PathField,
  type Post,
  type PostQuery,
  type Sort,
  type TermField,
  type ValueType,
} from '@yuqing/core';
import { heatGrid } from '../../src/engine/aggregations/heat-grid.js';
import { pathTree } from '../../src/engine/aggregations/path-tree.js';
import { statisticsOf } from '../../src/engine/aggregations/previous-period.js';
import { emptyTotals } from '../../src/engine/aggregations/totals.js';
import { correctedRow } from '../../src/engine/corrected-values.js';
import type { ListedPost } from '../../src/engine/listed-post.js';
import type {
  AuthorRank,
  DuplicateKeys,
  EngineScope,
  HeatCell,
  ImportCounts,
  ImportSession,
  ImportWaterPost,
  NameValue,
  PathCount,
  PivotCell,
  PostCorrectionValues,
  PostPage,
  PostsEngine,
  PostTagValues,
  RetagOptions,
  RetweetGraph,
  StatisticsResult,
  StoredPost,
  Totals,
  TrendPoint,
} from '../../src/engine/types.js';

/**
 * The reference posts engine: every answer of SEMANTICS.md computed in memory, in plain
 * TypeScript, for clarity rather than speed. The conformance suite holds other engines to it.
 */

/** JavaScript string order (UTF-16 code units), the tie-break of every answer. */
export const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const isPathField = (field: FilterField) => (PATH_FIELDS as readonly string[]).includes(field);

/** The values a post has for a field: its non-empty value, or its paths of depth `level + 1`. */
export function fieldKeys(post: StoredPost, field: FilterField, level = 0): string[] {
  if (isPathField(field)) {
    const paths = pathValues(post, field as PathField);
    return [...new Set(paths.filter((path) => pathDepth(path) === level + 1))];
  }
  const value = termValue(post, field as TermField);
  return value === '' ? [] : [value];
}

/** What one post adds to an aggregate of a value type. */
export function measure(post: StoredPost, valueType: ValueType): number {
  switch (valueType) {
    case 'volume':
      return 1;
    case 'zpz_num':
      return post.repost_num + post.comment_num + post.like_num;
    default:
      return post[valueType];
  }
}

function conditionHolds(post: StoredPost, condition: FieldCondition): boolean {
  let holds: boolean;
  if (isPathField(condition.field)) {
    const paths = pathValues(post, condition.field as PathField);
    holds = paths.some((path) => condition.values.includes(path));
  } else {
    const value = fieldKeys(post, condition.field)[0];
    holds = value !== undefined && condition.values.includes(value);
  }
  return condition.exclude ? !holds : holds;
}

/** A predicate for "the post matches the query" (SEMANTICS.md, Matching a PostQuery). */
export function queryMatcher(query: PostQuery): (post: StoredPost) => boolean {
  let keyword: ((post: StoredPost) => boolean) | undefined;
  const ast = query.q?.ast;
  if (ast) keyword = (post) => matchesKeyword(ast, post);
  const conditions = queryConditions(query);
  return (post) =>
    (query.start === undefined || post.created >= query.start) &&
    (query.end === undefined || post.created < query.end) &&
    (keyword === undefined || keyword(post)) &&
    conditions.every((condition) => conditionHolds(post, condition)) &&
    !(query.denoise === 'NO' && post.water_post === 'YES');
}

const RANK_ORDER = ['A', 'B', 'C', 'D', 'E', 'O', ''];

/** Posts per batch of `scan`. */
const SCAN_BATCH = 500;

function compareBySort(sort: Sort): (a: StoredPost, b: StoredPost) => number {
  if (sort === 'rank desc')
    return (a, b) =>
      RANK_ORDER.indexOf(a.media_level) - RANK_ORDER.indexOf(b.media_level) ||
      b.created - a.created;
  const [field, direction] = sort.split(' ') as [
    'created' | 'engagement_num' | 'comment_num' | 'like_num' | 'repost_num' | 'read_num',
    'asc' | 'desc',
  ];
  return direction === 'asc' ? (a, b) => a[field] - b[field] : (a, b) => b[field] - a[field];
}

/** Sums per name, ordered value desc, name asc, the first `size`. */
function topNames(sums: Map<string, number>, size: number): NameValue[] {
  return [...sums]
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => b.value - a.value || compareStrings(a.name, b.name))
    .slice(0, size);
}

function totalsOf(posts: StoredPost[]): Totals {
  const totals = emptyTotals();
  for (const post of posts) {
    totals.volume += 1;
    totals.engagement_num += post.engagement_num;
    totals.repost_num += post.repost_num;
    totals.comment_num += post.comment_num;
    totals.like_num += post.like_num;
    totals.read_num += post.read_num;
    totals.zpz_num += measure(post, 'zpz_num');
    if (post.tendency !== '') totals.tendency[post.tendency]! += 1;
  }
  return totals;
}

/**
 * A post as listed: a copy without its tokens, SimHash and near-duplicate key, with why it is a
 * duplicate only when that names a post.
 */
const listedPost = ({
  tokens: _tokens,
  simhash: _simhash,
  dup_key: _dupKey,
  duplicate_source: _source,
  ...post
}: StoredPost): Post => {
  const listed = structuredClone(post);
  if (!listed.duplicate_of) {
    delete listed.duplicate_of;
    delete listed.duplicate_similarity;
  } else listed.duplicate_similarity ??= 0;
  return listed;
};

/** A listed post as an engine's row holds it: the document as text, the columns beside it. */
const listedRow = (post: Post): ListedPost => ({
  doc: JSON.stringify(post),
  tendency: post.tendency,
  province: post.province,
  water_post: post.water_post,
  duplicate_of: post.duplicate_of,
  duplicate_similarity: post.duplicate_similarity,
});

/** What a staged post keeps of the water_post the import decided or its row gave. */
const withWaterPost = (post: StoredPost, water: ImportWaterPost): StoredPost => {
  const next = { ...structuredClone(post), water_post: water.value };
  delete next.duplicate_of;
  delete next.duplicate_similarity;
  if (water.duplicateOf) {
    next.duplicate_of = water.duplicateOf;
    next.duplicate_similarity = water.similarity ?? 0;
  }
  return next;
};

/** The water_post of a post and why, as one staged or stored. */
type WaterVerdict = Pick<StoredPost, 'water_post' | 'duplicate_of' | 'duplicate_similarity'>;
const verdictOf = (post: StoredPost): WaterVerdict => ({
  water_post: post.water_post,
  duplicate_of: post.duplicate_of,
  duplicate_similarity: post.duplicate_similarity,
});

export class ReferenceEngine implements PostsEngine {
  readonly encoder = new URL('./reference-encoder.ts', import.meta.url).href;
  /** projectId -> _id -> post. */
  private readonly projects = new Map<string, Map<string, StoredPost>>();
  writeGeneration = 0;

  private stored(projectId: string): StoredPost[] {
    return [...(this.projects.get(projectId)?.values() ?? [])];
  }

  private matching(scope: EngineScope, query: PostQuery): StoredPost[] {
    return this.stored(scope.projectId).filter(queryMatcher(query));
  }

  async upsert(scope: EngineScope, posts: StoredPost[]): Promise<ImportCounts> {
    const project = this.projects.get(scope.projectId) ?? new Map<string, StoredPost>();
    this.projects.set(scope.projectId, project);
    // A post replaces one stored before or one earlier in the same batch; either counts as
    // replaced, every other post as imported.
    let imported = 0;
    let replaced = 0;
    for (const post of posts) {
      if (project.has(post._id)) replaced++;
      else imported++;
      project.set(post._id, structuredClone(post));
    }
    this.writeGeneration++;
    return { imported, replaced };
  }

  async openImport(scope: EngineScope): Promise<ImportSession> {
    let staged: { post: StoredPost; decided: boolean }[] | undefined = [];
    const open = () => {
      if (!staged) throw new Error('import already finished');
      return staged;
    };
    return {
      add: async (posts) =>
        void open().push(...posts.map((post) => ({ post: structuredClone(post), decided: false }))),
      addEncoded: async (encoded, waterPosts) =>
        void open().push(
          ...(encoded as StoredPost[]).map((post, i) => ({
            post: withWaterPost(post, waterPosts[i]!),
            decided: waterPosts[i]!.decided,
          })),
        ),
      commit: async () => {
        const posts = open();
        staged = undefined;
        // The water_post (and why) each _id came with first: stored, else its earliest row here.
        const stored = this.projects.get(scope.projectId);
        const earliest = new Map<string, WaterVerdict>();
        for (const { post, decided } of posts) {
          const storedPost = stored?.get(post._id);
          const first = storedPost ? verdictOf(storedPost) : earliest.get(post._id);
          if (first === undefined) earliest.set(post._id, verdictOf(post));
          else if (decided) {
            delete post.duplicate_of;
            delete post.duplicate_similarity;
            Object.assign(post, structuredClone(first));
          }
        }
        return this.upsert(
          scope,
          posts.map(({ post }) => post),
        );
      },
      abort: async () => void (staged = undefined),
    };
  }

  async retag(
    scope: EngineScope,
    tag: (post: Post) => PostTagValues,
    options: RetagOptions = {},
  ): Promise<void> {
    const after = options.after;
    const posts = this.stored(scope.projectId)
      .filter((post) => after === undefined || compareStrings(post._id, after) > 0)
      .sort((a, b) => compareStrings(a._id, b._id));
    for (let from = 0; from < posts.length; from += SCAN_BATCH) {
      options.signal?.throwIfAborted();
      const batch = posts.slice(from, from + SCAN_BATCH);
      for (const post of batch) Object.assign(post, structuredClone(tag(listedPost(post))));
      this.writeGeneration++;
      await options.onBatch?.({ lastId: batch.at(-1)!._id, posts: batch.length });
    }
  }

  async correct(scope: EngineScope, corrections: readonly PostCorrectionValues[]): Promise<Post[]> {
    const project = this.projects.get(scope.projectId);
    const before: Post[] = [];
    let wrote = false;
    for (const correction of corrections) {
      const post = project?.get(correction._id);
      if (!post) continue;
      before.push(listedPost(post));
      const { tokens, simhash, ...doc } = post;
      const corrected = correctedRow(
        {
          tendency: post.tendency,
          water_post: post.water_post,
          duplicate_of: post.duplicate_of ?? '',
          duplicate_similarity: post.duplicate_of ? (post.duplicate_similarity ?? 0) : 0,
          doc,
        },
        correction,
      );
      if (!corrected.changed) continue;
      const next = {
        ...corrected.doc,
        tendency: corrected.tendency,
        water_post: corrected.water_post,
        tokens,
        simhash,
      } as StoredPost;
      if (corrected.duplicate_of === '') {
        delete next.duplicate_of;
        delete next.duplicate_similarity;
      }
      project!.set(correction._id, structuredClone(next));
      wrote = true;
    }
    if (wrote) this.writeGeneration++;
    return before;
  }

  async deleteProject(projectId: string): Promise<void> {
    this.projects.delete(projectId);
    this.writeGeneration++;
  }

  async duplicateKeys(projectId: string): Promise<DuplicateKeys> {
    const originals = this.stored(projectId).filter(
      (post) => post.dup_key && (!post.duplicate_of || post.water_post === 'NO'),
    );
    return {
      ids: originals.map((post) => post._id),
      created: originals.map((post) => post.created),
      keys: originals.map((post) => post.dup_key!),
    };
  }

  async postsByIds(scope: EngineScope, ids: readonly string[]): Promise<Post[]> {
    const project = this.projects.get(scope.projectId);
    return [...new Set(ids)].sort(compareStrings).flatMap((id) => {
      const post = project?.get(id);
      return post ? [listedPost(post)] : [];
    });
  }

  async search(
    scope: EngineScope,
    query: PostQuery,
    page: { size: number; page: number; sort: Sort },
  ): Promise<PostPage> {
    const bySort = compareBySort(page.sort);
    const sorted = this.matching(scope, query).sort(
      (a, b) => bySort(a, b) || compareStrings(a._id, b._id),
    );
    const from = page.page * page.size;
    return {
      list: sorted.slice(from, from + page.size).map(listedPost),
      total: sorted.length,
    };
  }

  async *scan(scope: EngineScope, query: PostQuery, sort: Sort): AsyncIterable<ListedPost[]> {
    const bySort = compareBySort(sort);
    const sorted = this.matching(scope, query).sort(
      (a, b) => bySort(a, b) || compareStrings(a._id, b._id),
    );
    for (let from = 0; from < sorted.length; from += SCAN_BATCH) {
      yield sorted.slice(from, from + SCAN_BATCH).map((post) => listedRow(listedPost(post)));
    }
  }

  async count(scope: EngineScope, query: PostQuery): Promise<number> {
    return this.matching(scope, query).length;
  }

  async terms(
    scope: EngineScope,
    query: PostQuery,
    options: { field: FilterField; size: number; valueType: ValueType; level?: number },
  ): Promise<NameValue[]> {
    const sums = new Map<string, number>();
    for (const post of this.matching(scope, query))
      for (const name of fieldKeys(post, options.field, options.level ?? 0))
        sums.set(name, (sums.get(name) ?? 0) + measure(post, options.valueType));
    return topNames(sums, options.size);
  }

  async pathTree(
    scope: EngineScope,
    query: PostQuery,
    options: { field: FilterField; size: number },
  ): Promise<PathCount[]> {
    const posts = this.matching(scope, query);
    const counts = new Map<string, number>();
    for (const post of posts) {
      const paths = isPathField(options.field)
        ? new Set(pathValues(post, options.field as PathField))
        : new Set<string>();
      for (const path of paths) counts.set(path, (counts.get(path) ?? 0) + 1);
    }
    return pathTree(
      [...counts].map(([path, value]) => ({ path, value })),
      options.size,
    );
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
    const posts = this.matching(scope, query);
    let from = query.start;
    let to = query.end;
    if (from === undefined || to === undefined) {
      if (posts.length === 0) return [];
      const created = posts.map((post) => post.created);
      from ??= Math.min(...created);
      to ??= Math.max(...created) + 1;
    }
    const starts: number[] = [];
    for (
      let start = bucketStart(from, options.interval, scope.timeZone);
      start < to;
      start = nextBucket(start, options.interval, scope.timeZone)
    )
      starts.push(start);
    const ends = starts.map(
      (start, index) => starts[index + 1] ?? nextBucket(start, options.interval, scope.timeZone),
    );
    const inBucket = (post: StoredPost, index: number) =>
      starts[index]! <= post.created && post.created < ends[index]!;

    if (options.series === undefined)
      return starts.map((time, index) => ({
        time,
        value: posts
          .filter((post) => inBucket(post, index))
          .reduce((sum, post) => sum + measure(post, options.valueType), 0),
      }));

    const { series, seriesLevel = 0 } = options;
    const keys = (post: StoredPost) => fieldKeys(post, series, seriesLevel);
    const volumes = new Map<string, number>();
    for (const post of posts)
      for (const name of keys(post)) volumes.set(name, (volumes.get(name) ?? 0) + 1);
    const names = topNames(volumes, options.seriesSize ?? 5).map(({ name }) => name);
    return starts.flatMap((time, index) =>
      names.map((name) => ({
        time,
        name,
        value: posts
          .filter((post) => inBucket(post, index) && keys(post).includes(name))
          .reduce((sum, post) => sum + measure(post, options.valueType), 0),
      })),
    );
  }

  async statistics(
    scope: EngineScope,
    query: PostQuery,
    options: { valueType: ValueType },
  ): Promise<StatisticsResult> {
    return statisticsOf(query, options.valueType, async (period) =>
      totalsOf(this.matching(scope, period)),
    );
  }

  async words(scope: EngineScope, query: PostQuery, options: { size: number; recent?: number }) {
    const sums = new Map<string, number>();
    const newest = [...this.matching(scope, query)].sort(
      (a, b) => b.created - a.created || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0),
    );
    for (const post of newest.slice(0, options.recent ?? newest.length))
      for (const token of post.tokens) sums.set(token, (sums.get(token) ?? 0) + 1);
    return topNames(sums, options.size);
  }

  async heatmap(
    scope: EngineScope,
    query: PostQuery,
    options: { valueType: ValueType },
  ): Promise<HeatCell[]> {
    return heatGrid(
      this.matching(scope, query).map((post) => {
        const { weekday, hour } = localParts(post.created, scope.timeZone);
        return { weekday, hour, value: measure(post, options.valueType) };
      }),
    );
  }

  async pivot(
    scope: EngineScope,
    query: PostQuery,
    options: { rows: FilterField; cols: FilterField; valueType: ValueType },
  ): Promise<PivotCell[]> {
    const cells = new Map<string, PivotCell>();
    for (const post of this.matching(scope, query))
      for (const row of fieldKeys(post, options.rows))
        for (const col of fieldKeys(post, options.cols)) {
          const key = JSON.stringify([row, col]);
          const cell = cells.get(key) ?? { row, col, value: 0 };
          cell.value += measure(post, options.valueType);
          cells.set(key, cell);
        }
    return [...cells.values()].sort(
      (a, b) => compareStrings(a.row, b.row) || compareStrings(a.col, b.col),
    );
  }

  async authors(
    scope: EngineScope,
    query: PostQuery,
    options: { field: 'author' | 'media'; size: number },
  ): Promise<AuthorRank[]> {
    const ranks = new Map<string, AuthorRank>();
    for (const post of this.matching(scope, query)) {
      const name = post[options.field];
      if (name === '') continue;
      const rank = ranks.get(name) ?? { name, value: 0, engagement: 0 };
      rank.value += 1;
      rank.engagement += post.engagement_num;
      ranks.set(name, rank);
    }
    return [...ranks.values()]
      .sort(
        (a, b) =>
          b.value - a.value || b.engagement - a.engagement || compareStrings(a.name, b.name),
      )
      .slice(0, options.size);
  }

  async retweetGraph(
    scope: EngineScope,
    query: PostQuery,
    options: { size: number },
  ): Promise<RetweetGraph> {
    const retweets = this.matching(scope, query).filter(
      (post) => post.retweeted === 'YES' && post.rel !== undefined && post.rel !== '',
    );
    const retweetsOf = (id: string) => retweets.filter((post) => post.rel === id);
    const parents = [...new Set(retweets.map((post) => post.rel!))]
      .map((id) => ({ id, value: retweetsOf(id).length }))
      .sort((a, b) => b.value - a.value || compareStrings(a.id, b.id))
      .slice(0, options.size)
      .map(({ id }) => id);

    const edges = parents
      .flatMap((parent) => retweetsOf(parent).map((post) => ({ source: parent, target: post._id })))
      .sort((a, b) => compareStrings(a.source, b.source) || compareStrings(a.target, b.target));

    const project = this.projects.get(scope.projectId);
    const ids = [...new Set(edges.flatMap((edge) => [edge.source, edge.target]))].sort(
      compareStrings,
    );
    const nodes = ids.map((id) => {
      const stored = project?.get(id);
      const children = retweetsOf(id);
      const screenNames = children
        .map((post) => screenName(post))
        .filter((name): name is string => name !== undefined && name !== '')
        .sort(compareStrings);
      return {
        id,
        name: stored ? stored.author : (screenNames[0] ?? ''),
        value: children.length,
        created: stored ? stored.created : Math.min(...children.map((post) => post.created)),
      };
    });
    return { nodes, edges };
  }

  async timeExtent(
    scope: EngineScope,
    query: PostQuery,
  ): Promise<{ min: number; max: number } | undefined> {
    const created = this.matching(scope, query).map((post) => post.created);
    if (created.length === 0) return undefined;
    return { min: Math.min(...created), max: Math.max(...created) };
  }

  async close(): Promise<void> {}
}
