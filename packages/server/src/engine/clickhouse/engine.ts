import { randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  createClient,
  ClickHouseLogLevel,
  type ClickHouseClient,
  type ClickHouseSettings,
  type Row as ResultRow,
} from '@clickhouse/client';
import {
  KG_PATH_FIELDS,
  KG_TERM_FIELDS,
  SENTIMENTS,
  TIMEOUT_MS,
  VALUE_TYPES,
  type FilterField,
  type KgInfos,
  type Post,
  type PostQuery,
  type Sort,
  type ValueType,
} from '@yuqing/core';
import { bucketStarts, filledSeriesTrend, filledTrend } from '../aggregations/buckets.js';
import { heatGrid } from '../aggregations/heat-grid.js';
import { pathTree } from '../aggregations/path-tree.js';
import { seriesNames } from '../aggregations/series-names.js';
import { statisticsOf } from '../aggregations/previous-period.js';
import { totalsFrom } from '../aggregations/totals.js';
import { retweetGraphOf, type RetweetNodeRow } from '../aggregations/retweet-graph.js';
import { trendRange } from '../aggregations/trend-range.js';
import {
  ENCODED_BATCH,
  type AuthorRank,
  type DuplicateKeys,
  type EngineScope,
  type HeatCell,
  type ImportCounts,
  type ImportSession,
  type ImportWaterPost,
  type NameValue,
  type PathCount,
  type PivotCell,
  type PostCorrectionValues,
  type PostPage,
  type PostsEngine,
  type PostTagValues,
  type RetagBatch,
  type RetagOptions,
  type RetweetGraph,
  type StatisticsResult,
  type StoredPost,
  type Totals,
  type TrendPoint,
} from '../types.js';

/** A post's water_post and why, as stored. */
type WaterVerdict = Omit<ImportWaterPost, 'decided'>;
import { CORRECT_BATCH, correctedRow } from '../corrected-values.js';
import { addKgColumns } from './add-columns.js';
import { closeRow, encodePosts, fromDoc, type EncodedPosts } from './encoder.js';
import { identifier, inList, numberLiteral, stringLiteral } from './literal.js';
import {
  IMPORT_STATE,
  columnName,
  firstNodeDdl,
  nodeDdl,
  postsColumns,
  tablesOf,
  type TableSettings,
  type Tables,
} from './schema.js';
import { serverDialect, type ServerDialect } from './server-version.js';
import { unavailableOrSelf } from './unavailable.js';
import {
  aggregateSql,
  bucketSql,
  column,
  groupAmongSql,
  groupSql,
  groupThenKeepSql,
  isPathField,
  localPartsSql,
  orderSql,
  visibleSql,
  whereSql,
  type Visibility,
} from './sql.js';

type Row = Record<string, unknown>;

const num = (value: unknown) => Number(value ?? 0);

/** JavaScript string order (UTF-16 code units), the tie-break of answers sorted here. */
const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The module encoding batches for this engine, loaded by import workers. */
const ENCODER = new URL('./encoder.ts', import.meta.url).href;

/** The newest parts of a range a newest-first page is looked for in before the whole of it. */
const NEWEST_PARTS = [1 / 32, 1 / 4];

/**
 * A read the browser has given up on (after TIMEOUT_MS.api) stops on the servers too, instead of
 * holding their cores; `scan` (exports, offline downloads) is not bounded.
 */
const READ_SETTINGS: ClickHouseSettings = { max_execution_time: TIMEOUT_MS.api / 1000 };

/** Posts per batch of `scan`. */
const SCAN_BATCH = 1000;

/** Posts per batch (and import) of `retag`: read and written whole. */
const RETAG_BATCH = 2000;

/** Serializes writes of one engine. */
class Mutex {
  private last: Promise<unknown> = Promise.resolve();
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.last.then(task, task);
    this.last = result.catch(() => undefined);
    return result;
  }
}

export interface ClickHouseEngineOptions {
  /** The nodes' HTTP URLs; reads and bookkeeping go to the first. One URL without a cluster. */
  urls: string[];
  /** The cluster of `remote_servers` whose shards are the nodes; none for one plain server. */
  cluster?: string;
  user?: string;
  password?: string;
  /** Default `yuqing`; created on every node when missing. */
  database?: string;
  /**
   * How long after a write the engine starts deleting replaced, aborted and deleted rows; default
   * 60 s, so that one pass serves many writes. A pass is a few mutations on every node, and a
   * mutation of ClickHouse 18.16 rewrites every part of the table. Negative: never by itself
   * (`cleanup()` still works).
   */
  cleanupDelayMs?: number;
  /**
   * MergeTree settings of new posts and replaced tables. Tests set a short `old_parts_lifetime`:
   * parts replaced by merges and mutations stay on disk for 8 minutes by default, and dropping a
   * database of thousands of them takes minutes.
   */
  tableSettings?: TableSettings;
}

/**
 * A new import's id: unique without coordination between processes (milliseconds and 11 random
 * bits, below 2^53 until the year 2109); openImport raises it above the project's last one.
 */
const newImportId = () => Date.now() * 2048 + randomInt(2048);

/**
 * The posts engine on ClickHouse (18.16 and newer), on one server or a cluster of shards. An
 * import's rows are inserted as they come, invisible, and become visible together when one row
 * marks the import committed (see schema.ts). Writes of one project must come through one engine
 * (commits are serialized here, not across processes).
 */
export class ClickHouseEngine implements PostsEngine {
  readonly encoder = ENCODER;
  private generation = 0;
  private readonly writes = new Mutex();
  private cleanupTimer: NodeJS.Timeout | undefined;
  private cleaning: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(
    private readonly nodes: ClickHouseClient[],
    private readonly tables: Tables,
    private readonly dialect: ServerDialect,
    private readonly cleanupDelayMs: number,
  ) {}

  static async open(options: ClickHouseEngineOptions): Promise<ClickHouseEngine> {
    if (options.urls.length === 0) throw new Error('ClickHouse: no URL');
    if (!options.cluster && options.urls.length > 1) {
      throw new Error('ClickHouse: several URLs need a cluster name');
    }
    const database = identifier(options.database ?? 'yuqing');
    const settings: ClickHouseSettings = {
      output_format_json_quote_64bit_integers: 0,
      // A batch's _ids in one IN list may pass the default 256 KiB.
      max_query_size: String(16 << 20),
    };
    const nodes = options.urls.map((url) =>
      createClient({
        url,
        username: options.user ?? 'default',
        password: options.password ?? '',
        clickhouse_settings: settings,
        log: { level: ClickHouseLogLevel.OFF },
      }),
    );
    try {
      const dialect = await serverDialect(nodes[0]!);
      const tables = tablesOf(database, options.cluster);
      if (options.cluster) await checkCluster(nodes[0]!, options.cluster, nodes.length);
      for (const node of nodes) {
        for (const ddl of nodeDdl(tables, dialect, options.cluster, options.tableSettings)) {
          await node.command({ query: ddl, clickhouse_settings: dialect.ddlSettings });
        }
        await addKgColumns(node, tables, dialect);
      }
      for (const ddl of firstNodeDdl(tables)) await nodes[0]!.command({ query: ddl });
      return new ClickHouseEngine(nodes, tables, dialect, options.cleanupDelayMs ?? 60_000);
    } catch (error) {
      await Promise.all(nodes.map((node) => node.close()));
      throw error;
    }
  }

  get writeGeneration(): number {
    return this.generation;
  }

  private get first(): ClickHouseClient {
    return this.nodes[0]!;
  }

  private async select<T = Row>(query: string): Promise<T[]> {
    try {
      const result = await this.first.query({
        query,
        format: 'JSONEachRow',
        clickhouse_settings: READ_SETTINGS,
      });
      return await result.json<T>();
    } catch (error) {
      throw unavailableOrSelf(error);
    }
  }

  private async command(query: string, node = this.first): Promise<void> {
    await node.command({ query, clickhouse_settings: this.dialect.syncInsertSettings });
  }

  /** Inserts JSONEachRow lines, returning once every shard holds them. */
  private async insertLines(table: string, lines: readonly string[]): Promise<void> {
    if (lines.length === 0) return;
    const result = await this.first.exec({
      query: `INSERT INTO ${table} FORMAT JSONEachRow`,
      values: Readable.from(chunked(lines)),
      clickhouse_settings: this.dialect.syncInsertSettings,
    });
    result.stream.resume();
    await finished(result.stream);
  }

  /** Which imports of a project a read sees now (one read of `imports`: one snapshot). */
  private async visibility(projectId: string): Promise<Visibility> {
    const rows = await this.select<{ id: number; last_state: number; replaced_rows: number }>(
      `SELECT import_id AS id, max(state) AS last_state, max(replaced) AS replaced_rows FROM ${this.tables.imports}
       WHERE project_id = ${stringLiteral(projectId)} GROUP BY import_id`,
    );
    const isCommitted = (row: { last_state: number }) =>
      num(row.last_state) === IMPORT_STATE.COMMITTED ||
      num(row.last_state) === IMPORT_STATE.SETTLED;
    return {
      committed: rows.filter(isCommitted).map((row) => num(row.id)),
      hidden: rows.filter((row) => !isCommitted(row)).map((row) => num(row.id)),
      pending: rows
        .filter(
          (row) => num(row.last_state) === IMPORT_STATE.COMMITTED && num(row.replaced_rows) > 0,
        )
        .map((row) => num(row.id)),
    };
  }

  private async where(scope: EngineScope, query: PostQuery): Promise<string> {
    return whereSql(scope.projectId, query, await this.visibility(scope.projectId), this.tables);
  }

  private async visible(projectId: string): Promise<string> {
    return `project_id = ${stringLiteral(projectId)} AND ${visibleSql(
      projectId,
      await this.visibility(projectId),
      this.tables,
    )}`;
  }

  private wrote(): void {
    this.generation++;
    this.scheduleCleanup();
  }

  async upsert(scope: EngineScope, posts: StoredPost[]): Promise<ImportCounts> {
    const session = await this.openImport(scope);
    try {
      await session.add(posts);
    } catch (error) {
      await session.abort().catch(() => undefined);
      throw error;
    }
    return session.commit();
  }

  /**
   * Batches are inserted as they come, under a new import id that no read sees yet. Commit names
   * the rows the import replaces (stored rows of its _ids, and its own earlier rows of an _id) in
   * `replaced`, then one row marks it committed: from then on reads see it, and not those rows.
   */
  async openImport(scope: EngineScope): Promise<ImportSession> {
    const projectId = scope.projectId;
    const importId = await this.writes.run(() => this.startImport(projectId));
    let seq = 0;
    let finished = false;
    const open = () => {
      if (finished) throw new Error('import already finished');
    };

    const addEncoded = async (encoded: EncodedPosts, waterPosts: readonly ImportWaterPost[]) => {
      open();
      const verdicts = await this.waterPostsOf(projectId, importId, encoded.ids, waterPosts);
      const lines = encoded.rows.map((row, place) =>
        closeRow(row, { importId, seq: seq + place, waterPost: verdicts[place]! }),
      );
      seq += lines.length;
      await this.insertLines(this.tables.posts, lines);
    };

    return {
      addEncoded: (encoded, waterPosts) => addEncoded(encoded as EncodedPosts, waterPosts),
      add: async (posts) => {
        for (let from = 0; from < posts.length; from += ENCODED_BATCH) {
          const batch = posts.slice(from, from + ENCODED_BATCH);
          await addEncoded(
            encodePosts(projectId, batch),
            batch.map((post) => ({
              value: post.water_post,
              decided: false,
              duplicateOf: post.duplicate_of,
              similarity: post.duplicate_similarity,
            })),
          );
        }
      },
      commit: () =>
        this.writes.run(async () => {
          open();
          finished = true;
          const replaced = await this.commitImport(projectId, importId);
          return { imported: seq - replaced, replaced };
        }),
      abort: async () => {
        if (finished) return;
        finished = true;
        await this.markImport(projectId, [importId], IMPORT_STATE.ABORTED);
        this.scheduleCleanup();
      },
    };
  }

  /**
   * A new import of the project, open (its rows invisible), above every import the project has
   * had (see visibleSql); callers hold the write lock, so imports open one at a time.
   */
  private async startImport(projectId: string): Promise<number> {
    const [last] = await this.select<{ id: number }>(
      `SELECT max(import_id) AS id FROM ${this.tables.imports} WHERE project_id = ${stringLiteral(projectId)}`,
    );
    const id = Math.max(newImportId(), num(last?.id) + 1);
    await this.markImport(projectId, [id], IMPORT_STATE.OPEN);
    return id;
  }

  /**
   * Names the rows an import replaces, then marks it committed: reads see it, and not them, from
   * then on. Answers how many it replaced; a failure aborts it. Callers hold the write lock.
   */
  private async commitImport(projectId: string, importId: number): Promise<number> {
    try {
      const replaced = await this.nameReplaced(projectId, importId);
      await this.markImport(projectId, [importId], IMPORT_STATE.COMMITTED, replaced);
      this.wrote();
      return replaced;
    } catch (error) {
      await this.markImport(projectId, [importId], IMPORT_STATE.ABORTED).catch(() => undefined);
      this.scheduleCleanup();
      throw error;
    }
  }

  private async markImport(
    projectId: string,
    importIds: readonly number[],
    state: number,
    replaced = 0,
  ): Promise<void> {
    await this.insertLines(
      this.tables.imports,
      importIds.map((importId) =>
        JSON.stringify({ project_id: projectId, import_id: importId, state, replaced }),
      ),
    );
  }

  /**
   * The water_post (and why) each post is stored with: its own, unless `decided`, which yields to
   * the one its _id came with first: the stored post's, else its earliest row in this import.
   */
  private async waterPostsOf(
    projectId: string,
    importId: number,
    ids: readonly string[],
    waterPosts: readonly ImportWaterPost[],
  ): Promise<WaterVerdict[]> {
    const decided = [...new Set(ids.filter((_id, place) => waterPosts[place]!.decided))];
    const first = new Map<string, WaterVerdict>();
    type VerdictRow = { _id: string; value: 'YES' | 'NO'; of: string; similarity: number };
    const verdictOf = (row: VerdictRow): WaterVerdict => ({
      value: row.value,
      duplicateOf: row.of,
      similarity: Number(row.similarity),
    });
    if (decided.length > 0) {
      const list = inList(decided);
      const [stored, earlier] = await Promise.all([
        this.select<VerdictRow>(
          `SELECT _id, toString(water_post) AS value, duplicate_of AS of,
             duplicate_similarity AS similarity FROM ${this.tables.posts}
           PREWHERE _id IN ${list} WHERE ${await this.visible(projectId)}`,
        ),
        this.select<VerdictRow>(
          `SELECT _id, argMin(toString(water_post), seq) AS value, argMin(duplicate_of, seq) AS of,
             argMin(duplicate_similarity, seq) AS similarity FROM ${this.tables.posts}
           WHERE project_id = ${stringLiteral(projectId)} AND import_id = ${numberLiteral(importId)}
             AND _id IN ${list} GROUP BY _id`,
        ),
      ]);
      for (const row of earlier) first.set(row._id, verdictOf(row));
      for (const row of stored) first.set(row._id, verdictOf(row));
    }
    return ids.map((_id, place) => {
      const { decided: isDecided, ...own } = waterPosts[place]!;
      const came = first.get(_id);
      if (came === undefined) {
        first.set(_id, own);
        return own;
      }
      return isDecided ? came : own;
    });
  }

  /**
   * Writes the `replaced` rows of an import: the visible rows of its _ids, and its own rows of an
   * _id but the last. Answers how many.
   */
  private async nameReplaced(projectId: string, importId: number): Promise<number> {
    const project = stringLiteral(projectId);
    const id = numberLiteral(importId);
    const own = `SELECT _id FROM ${this.tables.postsLocal} WHERE project_id = ${project} AND import_id = ${id}`;
    await this.command(
      `INSERT INTO ${this.tables.replaced} (project_id, old_import_id, old_seq, by_import_id)
       SELECT project_id, import_id, seq, ${id} FROM ${this.tables.posts}
       PREWHERE _id IN (${own}) WHERE ${await this.visible(projectId)}`,
    );
    await this.command(
      `INSERT INTO ${this.tables.replaced} (project_id, old_import_id, old_seq, by_import_id)
       SELECT project_id, import_id, seq, ${id} FROM ${this.tables.posts}
       WHERE project_id = ${project} AND import_id = ${id} AND (_id, seq) NOT IN (
         SELECT _id, max(seq) FROM ${this.tables.postsLocal}
         WHERE project_id = ${project} AND import_id = ${id} GROUP BY _id)`,
    );
    const [row] = await this.select<{ n: number }>(
      `SELECT count() AS n FROM ${this.tables.replaced}
       WHERE project_id = ${project} AND by_import_id = ${id}`,
    );
    return num(row?.n);
  }

  /**
   * Batch by batch, each an import of its own under the write lock: the batch's visible rows
   * (read whole) written again with the new tags under a new import id, then committed as an
   * import is, so they replace the old rows at once and readers never see half a batch.
   */
  async retag(
    scope: EngineScope,
    tag: (post: Post) => PostTagValues,
    options: RetagOptions = {},
  ): Promise<void> {
    let after = options.after ?? '';
    for (;;) {
      options.signal?.throwIfAborted();
      const batch = await this.writes.run(() => this.retagNextBatch(scope.projectId, after, tag));
      if (!batch) return;
      after = batch.lastId;
      await options.onBatch?.(batch);
    }
  }

  private async retagNextBatch(
    projectId: string,
    after: string,
    tag: (post: Post) => PostTagValues,
  ): Promise<RetagBatch | undefined> {
    const columns = postsColumns(this.dialect)
      .map(([name]) => name)
      .filter((name) => name !== 'import_id' && name !== 'seq');
    const rows = await this.select<Row>(
      `SELECT ${columns.map((name) => `${identifier(name)} AS ${identifier(name)}`).join(', ')},
         toString(tendency) AS v_tendency, toString(province) AS v_province,
         toString(water_post) AS v_water_post
       FROM ${this.tables.posts}
       WHERE ${await this.visible(projectId)} AND _id > ${stringLiteral(after)}
       ORDER BY _id LIMIT ${RETAG_BATCH}`,
    );
    if (rows.length === 0) return undefined;
    const importId = await this.startImport(projectId);
    const lines = rows.map((row, seq) => {
      const values = tag(fromDoc(row as Parameters<typeof fromDoc>[0]));
      const written: Row = { import_id: importId, seq };
      for (const name of columns) written[name] = row[name];
      written.doc = JSON.stringify({ ...(JSON.parse(String(row.doc)) as Row), ...values });
      for (const field of [...KG_TERM_FIELDS, ...KG_PATH_FIELDS])
        written[columnName(field)] =
          values.kg_infos[field.slice('kg_infos.'.length) as keyof KgInfos];
      return JSON.stringify(written);
    });
    try {
      await this.insertLines(this.tables.posts, lines);
    } catch (error) {
      await this.markImport(projectId, [importId], IMPORT_STATE.ABORTED).catch(() => undefined);
      this.scheduleCleanup();
      throw error;
    }
    await this.commitImport(projectId, importId);
    return { lastId: String(rows.at(-1)!._id), posts: rows.length };
  }

  /**
   * Batch by batch under the write lock, as a re-tag: the batch's visible rows read whole, those
   * that change written again with the person's values under a new import id, which is then
   * committed, so the old rows are replaced at once.
   */
  async correct(scope: EngineScope, corrections: readonly PostCorrectionValues[]): Promise<Post[]> {
    const before: Post[] = [];
    for (let from = 0; from < corrections.length; from += CORRECT_BATCH) {
      const batch = corrections.slice(from, from + CORRECT_BATCH);
      before.push(...(await this.writes.run(() => this.correctBatch(scope.projectId, batch))));
    }
    return before;
  }

  private async correctBatch(
    projectId: string,
    corrections: readonly PostCorrectionValues[],
  ): Promise<Post[]> {
    const byId = new Map(corrections.map((correction) => [correction._id, correction]));
    const columns = postsColumns(this.dialect)
      .map(([name]) => name)
      .filter((name) => name !== 'import_id' && name !== 'seq');
    const rows = await this.select<Row>(
      `SELECT ${columns.map((name) => `${identifier(name)} AS ${identifier(name)}`).join(', ')},
         toString(tendency) AS v_tendency, toString(province) AS v_province,
         toString(water_post) AS v_water_post
       FROM ${this.tables.posts}
       PREWHERE _id IN ${inList([...byId.keys()])} WHERE ${await this.visible(projectId)}`,
    );
    const before = rows.map((row) => fromDoc(row as Parameters<typeof fromDoc>[0]));
    const changed: Row[] = [];
    for (const row of rows) {
      const corrected = correctedRow(
        {
          tendency: String(row.v_tendency) as Post['tendency'],
          water_post: String(row.v_water_post) as Post['water_post'],
          duplicate_of: String(row.duplicate_of ?? ''),
          duplicate_similarity: num(row.duplicate_similarity),
          doc: JSON.parse(String(row.doc)) as Row,
        },
        byId.get(String(row._id))!,
      );
      if (!corrected.changed) continue;
      const written: Row = {};
      for (const name of columns) written[name] = row[name];
      written.tendency = corrected.tendency;
      written.water_post = corrected.water_post;
      written.duplicate_of = corrected.duplicate_of;
      written.duplicate_similarity = corrected.duplicate_similarity;
      written.doc = JSON.stringify(corrected.doc);
      changed.push(written);
    }
    if (changed.length === 0) return before;
    const importId = await this.startImport(projectId);
    try {
      await this.insertLines(
        this.tables.posts,
        changed.map((row, seq) => JSON.stringify({ ...row, import_id: importId, seq })),
      );
    } catch (error) {
      await this.markImport(projectId, [importId], IMPORT_STATE.ABORTED).catch(() => undefined);
      this.scheduleCleanup();
      throw error;
    }
    await this.commitImport(projectId, importId);
    return before;
  }

  /** Hides the project's posts at once (its imports marked deleted); the rows go at cleanup. */
  deleteProject(projectId: string): Promise<void> {
    return this.writes.run(async () => {
      const { committed } = await this.visibility(projectId);
      if (committed.length > 0) {
        await this.markImport(projectId, committed, IMPORT_STATE.DELETED);
      }
      this.wrote();
    });
  }

  private scheduleCleanup(): void {
    if (this.closed || this.cleanupDelayMs < 0 || this.cleanupTimer) return;
    this.cleanupTimer = setTimeout(() => {
      this.cleanupTimer = undefined;
      this.cleaning = this.cleaning.then(() => this.cleanup()).catch(() => undefined);
    }, this.cleanupDelayMs);
    this.cleanupTimer.unref();
  }

  /**
   * Deletes what no read sees any more, best effort: rows of aborted and deleted imports, rows that
   * committed imports replaced, then their bookkeeping. Each step waits for the mutations before
   * the next, so bookkeeping goes only after the rows it hides.
   */
  async cleanup(): Promise<void> {
    const rows = await this.select<{ id: number; last_state: number; replaced_rows: number }>(
      `SELECT import_id AS id, max(state) AS last_state, max(replaced) AS replaced_rows FROM ${this.tables.imports}
       GROUP BY import_id
       HAVING last_state IN (${IMPORT_STATE.ABORTED}, ${IMPORT_STATE.DELETED})
         OR (last_state = ${IMPORT_STATE.COMMITTED} AND replaced_rows > 0)`,
    );
    const dead = rows
      .filter((row) => num(row.last_state) >= IMPORT_STATE.ABORTED)
      .map((row) => num(row.id));
    const settled = rows
      .filter((row) => num(row.last_state) === IMPORT_STATE.COMMITTED)
      .map((row) => num(row.id));
    if (dead.length === 0 && settled.length === 0) return;
    const conditions: string[] = [];
    if (dead.length > 0) conditions.push(`import_id IN ${inList(dead)}`);
    if (settled.length > 0) {
      conditions.push(
        `(import_id, seq) IN (SELECT old_import_id, old_seq FROM ${this.tables.replacedLocal}
          WHERE by_import_id IN ${inList(settled)})`,
      );
    }
    await this.mutateEveryNode(this.tables.postsLocal, conditions.join(' OR '));
    if (this.closed) return;
    if (settled.length > 0) {
      const projects = await this.select<{ project_id: string; id: number }>(
        `SELECT DISTINCT project_id, import_id AS id FROM ${this.tables.imports}
         WHERE import_id IN ${inList(settled)}`,
      );
      await this.insertLines(
        this.tables.imports,
        projects.map((row) =>
          JSON.stringify({
            project_id: row.project_id,
            import_id: num(row.id),
            state: IMPORT_STATE.SETTLED,
            replaced: 0,
          }),
        ),
      );
    }
    const gone = [...dead, ...settled];
    await this.mutateEveryNode(
      this.tables.replacedLocal,
      `by_import_id IN ${inList(gone)}${dead.length > 0 ? ` OR old_import_id IN ${inList(dead)}` : ''}`,
    );
    if (dead.length > 0 && !this.closed) {
      await this.mutate(this.first, this.tables.imports, `import_id IN ${inList(dead)}`);
    }
  }

  private async mutateEveryNode(table: string, condition: string): Promise<void> {
    await Promise.all(this.nodes.map((node) => this.mutate(node, table, condition)));
  }

  /** An ALTER … DELETE on one node, waiting until it is done. */
  private async mutate(node: ClickHouseClient, table: string, condition: string): Promise<void> {
    await node.command({ query: `ALTER TABLE ${table} DELETE WHERE ${condition}` });
    const [database, name] = table.split('.') as [string, string];
    for (let wait = 50; !this.closed; wait = Math.min(wait * 2, 1000)) {
      const result = await node.query({
        query: `SELECT count() AS n FROM system.mutations WHERE database = ${stringLiteral(database)}
          AND table = ${stringLiteral(name)} AND is_done = 0`,
        format: 'JSONEachRow',
      });
      const [row] = await result.json<{ n: number }>();
      if (num(row?.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  async duplicateKeys(projectId: string): Promise<DuplicateKeys> {
    const rows = await this.select<{ _id: string; created: number | string; dup_key: string }>(
      `SELECT _id, created, dup_key FROM ${this.tables.posts}
       WHERE ${await this.visible(projectId)} AND dup_key != ''
         AND (duplicate_of = '' OR water_post = 'NO')`,
    );
    return {
      ids: rows.map((row) => row._id),
      created: rows.map((row) => Number(row.created)),
      keys: rows.map((row) => row.dup_key),
    };
  }

  async postsByIds(scope: EngineScope, ids: readonly string[]): Promise<Post[]> {
    if (ids.length === 0) return [];
    const rows = await this.select<Parameters<typeof fromDoc>[0] & { _id: string }>(
      `SELECT _id, ${this.postColumns} FROM ${this.tables.posts}
       PREWHERE _id IN ${inList([...new Set(ids)])} WHERE ${await this.visible(scope.projectId)}
       ORDER BY _id`,
    );
    return rows.map(fromDoc);
  }

  /** A listed post's columns, as `fromDoc` reads them (aliases unlike any column's name). */
  private postColumns = `doc, toString(tendency) AS v_tendency, toString(province) AS v_province, toString(water_post) AS v_water_post, duplicate_of, duplicate_similarity`;

  /**
   * A page in two steps: the page's row keys sorted (reading the sort columns only), then those
   * rows' documents. ClickHouse reads every selected column of every matching row before a LIMIT,
   * and `doc` is most of a row.
   */
  async search(
    scope: EngineScope,
    query: PostQuery,
    page: { size: number; page: number; sort: Sort },
  ): Promise<PostPage> {
    const where = await this.where(scope, query);
    const size = Math.trunc(page.size);
    const offset = size * Math.trunc(page.page);
    const [keys, total] = await Promise.all([
      this.pageKeys(query, where, page.sort, offset, size),
      this.countWhere(where),
    ]);
    if (keys.length === 0) return { list: [], total };
    const rows = await this.select<
      Parameters<typeof fromDoc>[0] & { import_id: number; seq: number }
    >(
      `SELECT ${this.postColumns}, import_id, seq FROM ${this.tables.posts}
       WHERE project_id = ${stringLiteral(scope.projectId)}
         AND created IN ${inList([...new Set(keys.map((key) => num(key.created)))])}
         AND (import_id, seq) IN (${keys.map((key) => `(${numberLiteral(num(key.import_id))}, ${numberLiteral(num(key.seq))})`).join(', ')})`,
    );
    const byKey = new Map(rows.map((row) => [`${num(row.import_id)}:${num(row.seq)}`, row]));
    const list = keys.map((key) => byKey.get(`${num(key.import_id)}:${num(key.seq)}`));
    if (list.some((row) => row === undefined)) throw new Error('a listed post vanished mid-read');
    return { list: list.map((row) => fromDoc(row!)), total };
  }

  /**
   * The keys of a page's rows. Newest first, the newest part of the range is tried first: when it
   * holds the page, older posts cannot be on it, and a keyword's matches are not all read twice.
   */
  private async pageKeys(
    query: PostQuery,
    where: string,
    sort: Sort,
    offset: number,
    size: number,
  ) {
    const keys = (within: string) =>
      this.select<{ created: number; import_id: number; seq: number }>(
        `SELECT created, import_id, seq FROM ${this.tables.posts} WHERE ${where}${within}
         ORDER BY ${orderSql(sort)} LIMIT ${numberLiteral(offset)}, ${numberLiteral(size)}`,
      );
    if (sort === 'created desc' && query.start !== undefined && query.end !== undefined) {
      for (const part of NEWEST_PARTS) {
        const from = Math.round(query.end - (query.end - query.start) * part);
        const found = await keys(` AND created >= ${numberLiteral(from)}`);
        if (found.length === size) return found;
      }
    }
    return keys('');
  }

  async *scan(scope: EngineScope, query: PostQuery, sort: Sort): AsyncIterable<Post[]> {
    const where = await this.where(scope, query);
    const result = await this.first
      .query({
        query: `SELECT ${this.postColumns} FROM ${this.tables.posts} WHERE ${where} ORDER BY ${orderSql(sort)}`,
        format: 'JSONEachRow',
      })
      .catch((error: unknown) => {
        throw unavailableOrSelf(error);
      });
    const stream = result.stream<Parameters<typeof fromDoc>[0]>();
    let batch: Post[] = [];
    try {
      for await (const rows of stream as AsyncIterable<
        ResultRow<Parameters<typeof fromDoc>[0]>[]
      >) {
        for (const row of rows) batch.push(fromDoc(row.json()));
        if (batch.length >= SCAN_BATCH) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    } finally {
      // A caller that stops early ends the response.
      result.close();
    }
  }

  private async countWhere(where: string): Promise<number> {
    const [row] = await this.select<{ n: number }>(
      `SELECT count() AS n FROM ${this.tables.posts} WHERE ${where}`,
    );
    return num(row?.n);
  }

  async count(scope: EngineScope, query: PostQuery): Promise<number> {
    return this.countWhere(await this.where(scope, query));
  }

  async terms(
    scope: EngineScope,
    query: PostQuery,
    options: { field: FilterField; size: number; valueType: ValueType; level?: number },
  ): Promise<NameValue[]> {
    const group = groupThenKeepSql(options.field, (options.level ?? 0) + 1, 'name');
    const rows = await this.select<{ name: string; value: number }>(
      `SELECT ${group.value} AS name, ${aggregateSql(options.valueType)} AS value
       FROM ${this.tables.posts} WHERE ${await this.where(scope, query)} AND ${group.keep}
       GROUP BY name HAVING ${group.having}
       ORDER BY value DESC, name ASC LIMIT ${numberLiteral(Math.trunc(options.size))}`,
    );
    return rows.map((row) => ({ name: row.name, value: num(row.value) }));
  }

  async pathTree(
    scope: EngineScope,
    query: PostQuery,
    options: { field: FilterField; size: number },
  ): Promise<PathCount[]> {
    if (!isPathField(options.field)) return [];
    const rows = await this.select<{ path: string; value: number }>(
      `SELECT arrayJoin(${column(options.field)}) AS path, toFloat64(count()) AS value
       FROM ${this.tables.posts} WHERE ${await this.where(scope, query)} GROUP BY path`,
    );
    return pathTree(
      rows.map((row) => ({ path: row.path, value: num(row.value) })),
      options.size,
    );
  }

  async timeExtent(scope: EngineScope, query: PostQuery) {
    const [row] = await this.select<{ min: number; max: number; n: number }>(
      `SELECT min(created) AS min, max(created) AS max, count() AS n
       FROM ${this.tables.posts} WHERE ${await this.where(scope, query)}`,
    );
    return row && num(row.n) > 0 ? { min: num(row.min), max: num(row.max) } : undefined;
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
    const bucket = bucketSql(options.interval, scope.timeZone);
    const where = await this.where(scope, query);

    if (!options.series) {
      const rows = await this.select<{ time: number; value: number }>(
        `SELECT ${bucket} AS time, ${aggregateSql(options.valueType)} AS value
         FROM ${this.tables.posts} WHERE ${where} GROUP BY time`,
      );
      return filledTrend(
        buckets,
        rows.map((row) => ({ time: num(row.time), value: num(row.value) })),
      );
    }

    const names = await seriesNames(this, scope, query, { ...options, series: options.series });
    if (names.length === 0) return [];
    const group = groupAmongSql(options.series, names);
    const rows = await this.select<{ time: number; name: string; value: number }>(
      `SELECT ${bucket} AS time, ${group.value} AS name, ${aggregateSql(options.valueType)} AS value
       FROM ${this.tables.posts} WHERE ${where} AND ${group.keep} GROUP BY time, name`,
    );
    return filledSeriesTrend(
      buckets,
      names,
      rows.map((row) => ({ time: num(row.time), name: row.name, value: num(row.value) })),
    );
  }

  private async totals(scope: EngineScope, query: PostQuery): Promise<Totals> {
    const [row = {}] = await this.select(
      `SELECT toFloat64(count()) AS v_volume,
        ${VALUE_TYPES.filter((type) => type !== 'volume')
          .map((type) => `${aggregateSql(type)} AS v_${type}`)
          .join(', ')},
        ${SENTIMENTS.map((label, i) => `toFloat64(countIf(tendency = ${stringLiteral(label)})) AS t${i}`).join(', ')}
       FROM ${this.tables.posts} WHERE ${await this.where(scope, query)}`,
    );
    return totalsFrom(
      (type) => num(row[`v_${type}`]),
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
    let where = await this.where(scope, query);
    if (options.recent !== undefined) {
      // The newest `recent` matches are those up to the last of them, found first.
      const recent = Math.trunc(options.recent);
      if (recent <= 0) return [];
      const [last] = await this.select<{ created: number; _id: string }>(
        `SELECT created, _id FROM ${this.tables.posts} WHERE ${where}
         ORDER BY created DESC, _id ASC LIMIT ${numberLiteral(recent - 1)}, 1`,
      );
      if (last) {
        const created = numberLiteral(num(last.created));
        where += ` AND (created > ${created} OR (created = ${created} AND _id <= ${stringLiteral(last._id)}))`;
      }
    }
    const rows = await this.select<{ name: string; value: number }>(
      `SELECT arrayJoin(tokens) AS name, toFloat64(count()) AS value
       FROM ${this.tables.posts} WHERE ${where}
       GROUP BY name ORDER BY value DESC, name ASC LIMIT ${numberLiteral(Math.trunc(options.size))}`,
    );
    return rows.map((row) => ({ name: row.name, value: num(row.value) }));
  }

  async heatmap(
    scope: EngineScope,
    query: PostQuery,
    options: { valueType: ValueType },
  ): Promise<HeatCell[]> {
    const { weekday, hour } = localPartsSql(scope.timeZone);
    const rows = await this.select<{ weekday: number; hour: number; value: number }>(
      `SELECT ${weekday} AS weekday, ${hour} AS hour, ${aggregateSql(options.valueType)} AS value
       FROM ${this.tables.posts} WHERE ${await this.where(scope, query)} GROUP BY weekday, hour`,
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
    const rowGroup = groupSql(options.rows, 1, 'r');
    const colGroup = groupSql(options.cols, 1, 'c');
    const rows = await this.select<{ r: string; c: string; value: number }>(
      `SELECT ${rowGroup.value} AS r, ${colGroup.value} AS c, ${aggregateSql(options.valueType)} AS value
       FROM ${this.tables.posts}
       WHERE ${await this.where(scope, query)} AND ${rowGroup.keep} AND ${colGroup.keep}
       GROUP BY r, c ORDER BY r ASC, c ASC`,
    );
    return rows.map((row) => ({ row: row.r, col: row.c, value: num(row.value) }));
  }

  async authors(
    scope: EngineScope,
    query: PostQuery,
    options: { field: 'author' | 'media'; size: number },
  ): Promise<AuthorRank[]> {
    const field = column(options.field);
    const rows = await this.select<{ name: string; value: number; engagement: number }>(
      `SELECT toString(${field}) AS name, toFloat64(count()) AS value,
         toFloat64(sum(engagement_num)) AS engagement
       FROM ${this.tables.posts} WHERE ${await this.where(scope, query)} AND ${field} != ''
       GROUP BY name ORDER BY value DESC, engagement DESC, name ASC
       LIMIT ${numberLiteral(Math.trunc(options.size))}`,
    );
    return rows.map((row) => ({
      name: row.name,
      value: num(row.value),
      engagement: num(row.engagement),
    }));
  }

  async retweetGraph(
    scope: EngineScope,
    query: PostQuery,
    options: { size: number },
  ): Promise<RetweetGraph> {
    const visibility = await this.visibility(scope.projectId);
    const retweets = `${whereSql(scope.projectId, query, visibility, this.tables)}
      AND retweeted = 'YES' AND rel != ''`;
    const top = await this.select<{ id: string; value: number }>(
      `SELECT rel AS id, toFloat64(count()) AS value FROM ${this.tables.posts} WHERE ${retweets}
       GROUP BY id ORDER BY value DESC, id ASC LIMIT ${numberLiteral(Math.trunc(options.size))}`,
    );
    if (top.length === 0) return { nodes: [], edges: [] };
    const topIds = top.map((row) => row.id);
    const edges = await this.select<{
      _id: string;
      rel: string;
      author_name: string;
      created: number;
      screen_name: string;
    }>(
      `SELECT _id, rel, toString(author) AS author_name, created, retweeted_screen_name AS screen_name
       FROM ${this.tables.posts} WHERE ${retweets} AND rel IN ${inList(topIds)}`,
    );
    const topSet = new Set(topIds);
    const counts = new Map<string, number>();
    const stored = new Map<string, { author: string; created: number }>();
    await Promise.all([
      // The retweets' own retweets, named by a subquery: there may be many thousands of them. A
      // local table, as the project's rows all live on one shard.
      this.select<{ id: string; value: number }>(
        `SELECT rel AS id, toFloat64(count()) AS value FROM ${this.tables.posts}
         WHERE ${retweets} AND rel NOT IN ${inList(topIds)} AND rel IN (
           SELECT _id FROM ${this.tables.postsLocal} WHERE ${retweets} AND rel IN ${inList(topIds)})
         GROUP BY id`,
      ).then((rows) => rows.forEach((row) => counts.set(row.id, num(row.value)))),
      // A parent's name and time are its own when the project stores it.
      this.select<{ _id: string; author_name: string; created: number }>(
        `SELECT _id, toString(author) AS author_name, created FROM ${this.tables.posts}
         PREWHERE _id IN ${inList(topIds)} WHERE project_id = ${stringLiteral(scope.projectId)}
           AND ${visibleSql(scope.projectId, visibility, this.tables)}`,
      ).then((rows) =>
        rows.forEach((row) =>
          stored.set(row._id, { author: row.author_name, created: num(row.created) }),
        ),
      ),
    ]);
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
    nodes.sort((a, b) => compareStrings(a.id, b.id));
    return retweetGraphOf(nodes, stored);
  }

  async close(): Promise<void> {
    if (this.cleanupTimer) clearTimeout(this.cleanupTimer);
    this.cleanupTimer = undefined;
    this.closed = true;
    await this.cleaning;
    await Promise.all(this.nodes.map((node) => node.close()));
  }
}

/** JSONEachRow lines as chunks of about a megabyte. */
function* chunked(lines: readonly string[]): Generator<string> {
  let chunk: string[] = [];
  let size = 0;
  for (const line of lines) {
    chunk.push(line);
    size += line.length + 1;
    if (size >= 1 << 20) {
      yield `${chunk.join('\n')}\n`;
      chunk = [];
      size = 0;
    }
  }
  if (chunk.length > 0) yield `${chunk.join('\n')}\n`;
}

/** The cluster must be known to the first node, with a shard per node URL given. */
async function checkCluster(node: ClickHouseClient, cluster: string, urls: number): Promise<void> {
  const result = await node.query({
    query: `SELECT count() AS n FROM system.clusters WHERE cluster = ${stringLiteral(identifier(cluster))}`,
    format: 'JSONEachRow',
  });
  const [row] = await result.json<{ n: number }>();
  const shards = num(row?.n);
  if (shards === 0) throw new Error(`ClickHouse: no cluster ${cluster} in system.clusters`);
  if (shards !== urls) {
    throw new Error(
      `ClickHouse: cluster ${cluster} has ${shards} nodes, but ${urls} URLs are given`,
    );
  }
}
