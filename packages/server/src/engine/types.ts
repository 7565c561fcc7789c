import type {
  AuthorRank,
  CorrectionMarks,
  FilterField,
  HeatCell,
  KgInfos,
  Interval,
  NameValue,
  PathCount,
  PivotCell,
  Post,
  PostQuery,
  RetweetGraphAnswer,
  Sort,
  StatisticsAnswer,
  TrendPoint,
  ValueType,
} from '@yuqing/core';
import type { ListedPost } from './listed-post.js';

/** The aggregations' answer shapes are core's, shared with the web widgets that draw them. */
export type { AuthorRank, HeatCell, NameValue, PathCount, PivotCell, TrendPoint };
export type { Totals } from '@yuqing/core';
export type RetweetGraph = RetweetGraphAnswer;
export interface StatisticsResult extends StatisticsAnswer {
  value_type: ValueType;
}

/** Which project's posts, and how to read its calendar. */
export interface EngineScope {
  projectId: string;
  /** IANA zone for time buckets, e.g. Asia/Shanghai. */
  timeZone: string;
}

/** A post as stored: the entity plus what enrichment derived from it. */
export interface StoredPost extends Post {
  /** Words for word clouds, after stopwords and the project's discard words. */
  tokens: string[];
  /** SimHash of title + text, as 16 hex digits (jieba's words). */
  simhash: string;
  /**
   * The near-duplicate key of title + text (`ingest/enrich/near-duplicates.ts`): '' (or none)
   * when the post has too little content to be anyone's duplicate.
   */
  dup_key?: string;
}

/**
 * The near-duplicate keys of a project's posts that repeat no other (duplicate_of '' or
 * water_post NO), each with its _id and created, in one order.
 */
export interface DuplicateKeys {
  ids: string[];
  created: number[];
  keys: string[];
}

export interface PostPage {
  /** Posts as listed: the entity with its derived values, without tokens, SimHash and dup_key. */
  list: Post[];
  total: number;
}

export interface ImportCounts {
  imported: number;
  replaced: number;
}

/**
 * A post's water_post in an import: as its row gave it, or `decided` by the import from near
 * duplicates. A decided one yields to the one the post's _id already has, stored or given by an
 * earlier row of the same import: a post keeps the decision made when it first came, so importing
 * it again does not make it a near duplicate of its own earlier version.
 */
export interface ImportWaterPost {
  value: 'YES' | 'NO';
  decided: boolean;
  /** With YES: the _id of the earlier post it repeats, and their similarity (0–1). */
  duplicateOf?: string;
  similarity?: number;
}

/** One import: staged batches become visible together at commit, or not at all. */
export interface ImportSession {
  add(posts: StoredPost[]): Promise<void>;
  /**
   * Adds a batch encoded by the engine's encoder, with each post's water_post (decided in the
   * import's order, which the encoder cannot see).
   */
  addEncoded(encoded: unknown, waterPosts: readonly ImportWaterPost[]): Promise<void>;
  /** Replaces posts with the same _id (the last staged one wins) and inserts the rest. */
  commit(): Promise<ImportCounts>;
  abort(): Promise<void>;
}

/** A post's tags as stored (kg_infos' path lists with their ancestors), which a re-tag rewrites. */
export interface PostTagValues {
  kg_infos: KgInfos;
  product_mentions: string[];
  product_infos: unknown[];
}

/** A batch a re-tag has written: its last _id (where a resumed re-tag goes on) and its size. */
export interface RetagBatch {
  lastId: string;
  posts: number;
}

export interface RetagOptions {
  /** Resumes after this _id (a batch's `lastId`); none: from the first post. */
  after?: string;
  /** Hears each batch once it is written. */
  onBatch?: (batch: RetagBatch) => Promise<void> | void;
  /** Stops before the next batch. */
  signal?: AbortSignal;
}

/**
 * A person's values for a stored post (corrections, issue 25), set over what the machine decided:
 * the tendency chosen, the near-duplicate mark cleared (water_post NO), and who set which and
 * when, which the post as listed carries as `corrected`.
 */
export interface PostCorrectionValues {
  _id: string;
  tendency?: Exclude<Post['tendency'], ''>;
  notDuplicate?: boolean;
  marks: CorrectionMarks;
}

/**
 * Runs `task` while no other process sharing the posts writes the project: an engine whose
 * storage several processes write (ClickHouse) commits under it. Within one process the engine
 * serialises its own writes.
 */
export type ProjectWriteLock = <T>(projectId: string, task: () => Promise<T>) => Promise<T>;

/**
 * The posts engine: one project's posts, filtered by a PostQuery and aggregated. DuckDB is the
 * embedded implementation; every implementation passes the same conformance suite.
 */
export interface PostsEngine {
  /**
   * The URL of a module exporting `encodePosts(projectId, posts)`: the work of storing a batch
   * of at most ENCODED_BATCH posts that needs no engine state, which import workers do in
   * parallel. Its answer (structured-cloneable) goes to `ImportSession.addEncoded`.
   */
  readonly encoder: string;
  /** Counts committed writes: an answer read while it holds may be kept until it changes. */
  readonly writeGeneration: number;
  /** Inserts posts, replacing any with the same _id in the project, all or nothing. */
  upsert(scope: EngineScope, posts: StoredPost[]): Promise<ImportCounts>;
  /** Starts an import too large to hold in memory at once. */
  openImport(scope: EngineScope): Promise<ImportSession>;
  deleteProject(projectId: string): Promise<void>;
  /** The near-duplicate keys of the project's posts, to find what new ones repeat. */
  duplicateKeys(projectId: string): Promise<DuplicateKeys>;
  /** The project's posts of these _ids, as listed (a missing _id is skipped). */
  postsByIds(scope: EngineScope, ids: readonly string[]): Promise<Post[]>;
  /**
   * Rewrites the tags of the project's posts with `tag`'s: in `_id` order, in batches each
   * written atomically (a read sees a batch's new tags all or none), in the columns and in the
   * post as listed, so that filters, counts and lists agree.
   */
  retag(
    scope: EngineScope,
    tag: (post: Post) => PostTagValues,
    options?: RetagOptions,
  ): Promise<void>;

  /**
   * Sets people's values (corrections) on the project's stored posts of these _ids, in the
   * columns and in the post as listed, so every count agrees; a missing _id is skipped, and a post
   * that holds them already is not written. Batches of at most 2,000 posts are each written
   * atomically. Answers the posts found, as listed before.
   */
  correct(scope: EngineScope, corrections: readonly PostCorrectionValues[]): Promise<Post[]>;

  search(
    scope: EngineScope,
    query: PostQuery,
    page: { size: number; page: number; sort: Sort },
  ): Promise<PostPage>;
  count(scope: EngineScope, query: PostQuery): Promise<number>;
  /**
   * Every matching post in `sort` order (ties by _id), in batches, for exports of any size: no
   * paging bound, memory bounded by one batch. Posts come as listed, unparsed (`postOfListed`):
   * an export parses them in its writer's thread.
   */
  scan(scope: EngineScope, query: PostQuery, sort: Sort): AsyncIterable<ListedPost[]>;
  /** Top values of a field; a path field counts paths of depth `level + 1`. */
  terms(
    scope: EngineScope,
    query: PostQuery,
    options: { field: FilterField; size: number; valueType: ValueType; level?: number },
  ): Promise<NameValue[]>;
  /** The topic path tree with post counts, at most `size` nodes per level. */
  pathTree(
    scope: EngineScope,
    query: PostQuery,
    options: { field: FilterField; size: number },
  ): Promise<PathCount[]>;
  /**
   * Buckets over [start, end) at a fixed interval (not auto), empty ones as 0; per series value
   * when given (a path field's paths of depth `seriesLevel + 1`).
   */
  trend(
    scope: EngineScope,
    query: PostQuery,
    options: {
      interval: Exclude<Interval, 'auto'>;
      valueType: ValueType;
      series?: FilterField;
      seriesSize?: number;
      seriesLevel?: number;
    },
  ): Promise<TrendPoint[]>;
  statistics(
    scope: EngineScope,
    query: PostQuery,
    options: { valueType: ValueType },
  ): Promise<StatisticsResult>;
  words(
    scope: EngineScope,
    query: PostQuery,
    options: { size: number; recent?: number },
  ): Promise<NameValue[]>;
  heatmap(
    scope: EngineScope,
    query: PostQuery,
    options: { valueType: ValueType },
  ): Promise<HeatCell[]>;
  pivot(
    scope: EngineScope,
    query: PostQuery,
    options: { rows: FilterField; cols: FilterField; valueType: ValueType },
  ): Promise<PivotCell[]>;
  authors(
    scope: EngineScope,
    query: PostQuery,
    options: { field: 'author' | 'media'; size: number },
  ): Promise<AuthorRank[]>;
  retweetGraph(
    scope: EngineScope,
    query: PostQuery,
    options: { size: number },
  ): Promise<RetweetGraph>;
  /** Extent of `created` of the matching posts, to size a trend without a range. */
  timeExtent(
    scope: EngineScope,
    query: PostQuery,
  ): Promise<{ min: number; max: number } | undefined>;
  close(): Promise<void>;
}

/** Posts in one encoded batch at most. */
export const ENCODED_BATCH = 65_536;

/** What an engine's encoder module exports. */
export type EncodePosts = (projectId: string, posts: StoredPost[]) => unknown;

/**
 * The engine's servers cannot be reached (a ClickHouse shard stopped, a network fault): the
 * answer is unknown, not empty. The message says so, in Chinese, for the widget that asked.
 */
export class EngineUnavailableError extends Error {
  constructor(detail: string) {
    super(`数据引擎暂时不可用（${detail}），请稍后重试`);
    this.name = 'EngineUnavailableError';
  }
}
