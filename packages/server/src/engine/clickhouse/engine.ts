import { randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  createClient,
  ClickHouseLogLevel,
  type ClickHouseClient,
  type ClickHouseSettings,
} from '@clickhouse/client';
import { KG_PATH_FIELDS, KG_TERM_FIELDS, TIMEOUT_MS, type KgInfos, type Post } from '@yuqing/core';
import {
  ENCODED_BATCH,
  type ProjectWriteLock,
  type DuplicateKeys,
  type EngineScope,
  type ImportCounts,
  type ImportSession,
  type ImportWaterPost,
  type PostCorrectionValues,
  type PostsEngine,
  type PostTagValues,
  type RetagBatch,
  type RetagOptions,
  type StoredPost,
} from '../types.js';
import { CORRECT_BATCH, correctedRow } from '../corrected-values.js';
import type { Row } from '../sql/dialect.js';
import { SqlEngine } from '../sql/sql-engine.js';
import { addMissingColumns } from './add-columns.js';
import { ClickHouseDialect, type ClickHouseMatches } from './dialect.js';
import {
  LISTED_COLUMNS,
  closeRow,
  encodePosts,
  fromDoc,
  type EncodedPosts,
  type ListedRow,
} from './encoder.js';
import { identifier, inList, numberLiteral, stringLiteral } from './literal.js';
import {
  IMPORT_STATE,
  columnName,
  importLine,
  firstNodeDdl,
  nodeDdl,
  postsColumns,
  tablesOf,
  type TableSettings,
  type Tables,
} from './schema.js';
import { Resharder, reshardRunning, type ReshardProgress } from './reshard.js';
import { serverDialect, type ServerDialect } from './server-version.js';
import { conflict } from '../../refusals.js';
import { unavailableOrSelf } from './unavailable.js';
import { visibleSql, type ClickHouseGrouping, type Visibility } from './sql.js';

/** A post's water_post and why, as stored. */
type WaterVerdict = Omit<ImportWaterPost, 'decided'>;

const num = (value: unknown) => Number(value ?? 0);

/** The module encoding batches for this engine, loaded by import workers. */
const ENCODER = new URL('./encoder.ts', import.meta.url).href;

/**
 * A read the browser has given up on (after TIMEOUT_MS.api) stops on the servers too, instead of
 * holding their cores; `scan` (exports, offline downloads) is not bounded.
 */
const READ_SETTINGS: ClickHouseSettings = { max_execution_time: TIMEOUT_MS.api / 1000 };

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
  /**
   * The lock other processes writing the same cluster take too (servers of a cluster, the import
   * command), held while an import opens and commits, and while a re-tag, correction or deletion
   * writes: without it two processes importing one project's _ids could both keep their row.
   */
  projectWriteLock?: ProjectWriteLock;
  /**
   * An open import whose process has said nothing for this long (it beats every fifth of it) is
   * taken for dead and aborted by the next cleanup pass; default 5 minutes.
   */
  openImportTimeoutMs?: number;
}

/** Within one process: the engine's own write lock serialises its writes already. */
const inProcessOnly: ProjectWriteLock = (_projectId, task) => task();

/**
 * A new import's id: unique without coordination between processes (milliseconds and 11 random
 * bits, below 2^53 until the year 2109); openImport raises it above the project's last one.
 */
const newImportId = () => Date.now() * 2048 + randomInt(2048);

/**
 * The posts engine on ClickHouse (18.16 and newer), on one server or a cluster of shards. An
 * import's rows are inserted as they come, invisible, and become visible together when one row
 * marks the import committed (see schema.ts). Writes of one project are serialised here, and
 * across processes by `projectWriteLock`.
 */
export class ClickHouseEngine
  extends SqlEngine<ClickHouseMatches, ClickHouseGrouping>
  implements PostsEngine
{
  readonly encoder = ENCODER;
  private generation = 0;
  private readonly writes = new Mutex();
  /** The timers saying this process's open imports are alive; they stop when it closes. */
  private readonly openImports = new Set<NodeJS.Timeout>();
  private cleanupTimer: NodeJS.Timeout | undefined;
  private cleaning: Promise<void> = Promise.resolve();
  private closed = false;
  protected readonly dialect: ClickHouseDialect;

  private constructor(
    private readonly nodes: ClickHouseClient[],
    private readonly tables: Tables,
    private readonly server: ServerDialect,
    private readonly settings: {
      cleanupDelayMs: number;
      cluster: string | undefined;
      projectWriteLock: ProjectWriteLock;
      openImportTimeoutMs: number;
    },
  ) {
    super();
    this.dialect = new ClickHouseDialect({
      tables,
      select: (query) => this.select(query),
      visibility: (projectId) => this.visibility(projectId),
      first: () => this.first,
    });
  }

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
      const server = await serverDialect(nodes[0]!);
      const tables = tablesOf(database, options.cluster);
      if (options.cluster) await checkCluster(nodes[0]!, options.cluster, nodes.length);
      for (const node of nodes) {
        for (const ddl of nodeDdl(tables, server, options.cluster, options.tableSettings)) {
          await node.command({ query: ddl, clickhouse_settings: server.ddlSettings });
        }
        await addMissingColumns(node, tables, server);
      }
      for (const ddl of firstNodeDdl(tables)) await nodes[0]!.command({ query: ddl });
      const engine = new ClickHouseEngine(nodes, tables, server, {
        cleanupDelayMs: options.cleanupDelayMs ?? 60_000,
        cluster: options.cluster,
        projectWriteLock: options.projectWriteLock ?? inProcessOnly,
        openImportTimeoutMs: options.openImportTimeoutMs ?? 5 * 60_000,
      });
      // Imports a process that died left open are aborted by the first pass.
      engine.scheduleCleanup();
      return engine;
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
    await node.command({ query, clickhouse_settings: this.server.syncInsertSettings });
  }

  /** Inserts JSONEachRow lines, returning once every shard holds them. */
  private async insertLines(table: string, lines: readonly string[]): Promise<void> {
    if (lines.length === 0) return;
    const result = await this.first.exec({
      query: `INSERT INTO ${table} FORMAT JSONEachRow`,
      values: Readable.from(chunked(lines)),
      clickhouse_settings: this.server.syncInsertSettings,
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
    if (await reshardRunning({ select: (query) => this.select(query), tables: this.tables })) {
      throw conflict('数据正在重新分片（npm run reshard），完成后再导入');
    }
    const importId = await this.exclusive(projectId, () => this.startImport(projectId));
    let seq = 0;
    let finished = false;
    // Says the import is alive: one left silent past openImportTimeoutMs is aborted.
    const alive = setInterval(() => {
      void this.markImport(projectId, [importId], IMPORT_STATE.OPEN).catch(() => undefined);
    }, this.settings.openImportTimeoutMs / 5);
    alive.unref();
    this.openImports.add(alive);
    const finish = () => {
      finished = true;
      clearInterval(alive);
      this.openImports.delete(alive);
    };
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
        this.exclusive(projectId, async () => {
          open();
          finish();
          const replaced = await this.commitImport(projectId, importId);
          return { imported: seq - replaced, replaced };
        }),
      abort: async () => {
        if (finished) return;
        finish();
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
      await this.stillOpen(projectId, importId);
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

  /**
   * Refuses to commit an import a cleanup pass took for dead (its process silent too long): part
   * of its rows may be deleted already.
   */
  private async stillOpen(projectId: string, importId: number): Promise<void> {
    const [row] = await this.select<{ state: number; marks: number }>(
      `SELECT max(state) AS state, count() AS marks FROM ${this.tables.imports}
       WHERE project_id = ${stringLiteral(projectId)} AND import_id = ${numberLiteral(importId)}`,
    );
    if (num(row?.marks) === 0 || num(row?.state) !== IMPORT_STATE.OPEN) {
      throw conflict('导入已中止（长时间没有进展），请重新导入');
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
      importIds.map((importId) => importLine(projectId, importId, state, replaced)),
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
    // Each replaced row goes by the _id of the row it names: to that row's shard.
    await this.command(
      `INSERT INTO ${this.tables.replaced} (project_id, _id, old_import_id, old_seq, by_import_id)
       SELECT project_id, _id, import_id, seq, ${id} FROM ${this.tables.posts}
       PREWHERE _id IN (${own}) WHERE ${await this.visible(projectId)}`,
    );
    await this.command(
      `INSERT INTO ${this.tables.replaced} (project_id, _id, old_import_id, old_seq, by_import_id)
       SELECT project_id, _id, import_id, seq, ${id} FROM ${this.tables.posts}
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
      const batch = await this.exclusive(scope.projectId, () =>
        this.retagNextBatch(scope.projectId, after, tag),
      );
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
    const columns = postsColumns(this.server)
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
      const values = tag(fromDoc(row as ListedRow));
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
      before.push(
        ...(await this.exclusive(scope.projectId, () => this.correctBatch(scope.projectId, batch))),
      );
    }
    return before;
  }

  private async correctBatch(
    projectId: string,
    corrections: readonly PostCorrectionValues[],
  ): Promise<Post[]> {
    const byId = new Map(corrections.map((correction) => [correction._id, correction]));
    const columns = postsColumns(this.server)
      .map(([name]) => name)
      .filter((name) => name !== 'import_id' && name !== 'seq');
    const rows = await this.select<Row>(
      `SELECT ${columns.map((name) => `${identifier(name)} AS ${identifier(name)}`).join(', ')},
         toString(tendency) AS v_tendency, toString(province) AS v_province,
         toString(water_post) AS v_water_post
       FROM ${this.tables.posts}
       PREWHERE _id IN ${inList([...byId.keys()])} WHERE ${await this.visible(projectId)}`,
    );
    const before = rows.map((row) => fromDoc(row as ListedRow));
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
    return this.exclusive(projectId, async () => {
      const { committed } = await this.visibility(projectId);
      if (committed.length > 0) {
        await this.markImport(projectId, committed, IMPORT_STATE.DELETED);
      }
      this.wrote();
    });
  }

  /** A write of the project: this engine's writes one at a time, and no other process's at once. */
  private exclusive<T>(projectId: string, task: () => Promise<T>): Promise<T> {
    return this.writes.run(() => this.settings.projectWriteLock(projectId, task));
  }

  private scheduleCleanup(): void {
    if (this.closed || this.settings.cleanupDelayMs < 0 || this.cleanupTimer) return;
    this.cleanupTimer = setTimeout(() => {
      this.cleanupTimer = undefined;
      this.cleaning = this.cleaning.then(() => this.cleanup()).catch(() => undefined);
    }, this.settings.cleanupDelayMs);
    this.cleanupTimer.unref();
  }

  /**
   * Deletes what no read sees any more, best effort: rows of aborted and deleted imports (and of
   * imports a dead process left open), rows that committed imports replaced, then their
   * bookkeeping. Each step waits for the mutations before
   * the next, so bookkeeping goes only after the rows it hides.
   */
  async cleanup(): Promise<void> {
    await this.abortSilentImports();
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
        projects.map((row) => importLine(row.project_id, num(row.id), IMPORT_STATE.SETTLED)),
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

  /** Open imports whose process has not said it is alive within openImportTimeoutMs: aborted. */
  private async abortSilentImports(): Promise<void> {
    const seconds = Math.ceil(this.settings.openImportTimeoutMs / 1000);
    const silent = await this.select<{ project_id: string; id: number }>(
      `SELECT project_id, import_id AS id FROM ${this.tables.imports}
       GROUP BY project_id, import_id
       HAVING max(state) = ${IMPORT_STATE.OPEN} AND max(at) < now() - ${numberLiteral(seconds)}`,
    );
    await this.insertLines(
      this.tables.imports,
      silent.map((row) => importLine(row.project_id, num(row.id), IMPORT_STATE.ABORTED)),
    );
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
    const rows = await this.select<ListedRow & { _id: string }>(
      `SELECT _id, ${LISTED_COLUMNS} FROM ${this.tables.posts}
       PREWHERE _id IN ${inList([...new Set(ids)])} WHERE ${await this.visible(scope.projectId)}
       ORDER BY _id`,
    );
    return rows.map(fromDoc);
  }

  /**
   * Moves a cluster sharded by project alone to the sharding by project and _id (reshard.ts), the
   * write lock held throughout; `onProject` hears of each project as it is moved.
   */
  reshard(onProject?: (progress: ReshardProgress) => void): Promise<void> {
    const cluster = this.settings.cluster;
    if (!cluster) return Promise.resolve();
    return this.writes.run(() =>
      new Resharder({
        nodes: this.nodes,
        tables: this.tables,
        cluster,
        server: this.server,
        select: (query) => this.select(query),
        command: (query) => this.command(query),
        insertLines: (table, lines) => this.insertLines(table, lines),
        visible: (projectId) => this.visible(projectId),
        committedImports: async (projectId) => (await this.visibility(projectId)).committed,
        startImport: (projectId) => this.startImport(projectId),
        cleanup: () => this.cleanup(),
        projectWriteLock: this.settings.projectWriteLock,
      }).reshard(onProject),
    );
  }

  /** How many of the project's visible rows each node holds, in the order of the node URLs. */
  async rowsPerShard(projectId: string): Promise<number[]> {
    const visible = await this.visible(projectId);
    return Promise.all(
      this.nodes.map(async (node) => {
        const result = await node.query({
          query: `SELECT count() AS n FROM ${this.tables.postsLocal} WHERE ${visible}`,
          format: 'JSONEachRow',
        });
        const [row] = await result.json<{ n: number }>();
        return num(row?.n);
      }),
    );
  }

  async close(): Promise<void> {
    for (const alive of this.openImports) clearInterval(alive);
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
