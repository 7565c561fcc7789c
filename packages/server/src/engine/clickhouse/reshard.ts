import type { ClickHouseClient } from '@clickhouse/client';
import { numberLiteral, stringLiteral } from './literal.js';
import {
  IMPORT_STATE,
  SHARDING_KEY,
  distributedDdl,
  importLine,
  postsColumns,
  type Tables,
} from './schema.js';
import type { ProjectWriteLock } from '../types.js';
import type { ServerDialect } from './server-version.js';

/** A run of the command, as `reshards` records it. */
export const RESHARD_STATE = { STARTED: 1, MOVING: 2, MOVED: 3, FINISHED: 4 } as const;

/** What the resharder is lent of the engine. */
export interface ReshardHost {
  nodes: ClickHouseClient[];
  tables: Tables;
  cluster: string;
  server: ServerDialect;
  select<T>(query: string): Promise<T[]>;
  command(query: string): Promise<void>;
  insertLines(table: string, lines: readonly string[]): Promise<void>;
  /** The SQL condition of the project's visible rows, as reads see them now. */
  visible(projectId: string): Promise<string>;
  committedImports(projectId: string): Promise<number[]>;
  /** A new import of the project, open (invisible), above every import it has had. */
  startImport(projectId: string): Promise<number>;
  cleanup(): Promise<void>;
  /** The write lock of a project that every process writing the cluster takes. */
  projectWriteLock: ProjectWriteLock;
}

export interface ReshardProgress {
  projectId: string;
  rows: number;
  /** The project was moved by an earlier run that was interrupted after it. */
  skipped: boolean;
}

const num = (value: unknown) => Number(value ?? 0);

/**
 * Moves a cluster whose posts are sharded by project alone (every project on one shard) to
 * `SHARDING_KEY`, without losing or doubling a row, and resumable:
 *
 * 1. A run is recorded as started: from then on imports are refused until it finishes.
 * 2. The Distributed tables are made again over the same local tables with the new key (only
 *    where they still have the old one): new rows go by the new key from then on.
 * 3. Project by project, its visible rows are written again as an import of their own through
 *    the Distributed table, landing on their shards by the new key; one insert into `imports`
 *    then commits that import and marks every import it copied deleted, so reads switch from the
 *    old rows to the new at once. An interrupted move leaves an open import that no read sees;
 *    the next run aborts it and moves the project again.
 * 4. The run is recorded as finished, and the old rows are deleted.
 */
export class Resharder {
  private readonly run = Date.now();

  constructor(private readonly host: ReshardHost) {}

  async reshard(onProject: (progress: ReshardProgress) => void = () => {}): Promise<void> {
    const { host } = this;
    await this.record(RESHARD_STATE.STARTED);
    await this.abortInterruptedMoves();
    for (const node of host.nodes) await this.shardByKey(node);
    const moved = new Set(
      (
        await host.select<{ project_id: string }>(
          `SELECT DISTINCT project_id FROM ${host.tables.reshards} WHERE state = ${RESHARD_STATE.MOVED}`,
        )
      ).map((row) => row.project_id),
    );
    const projects = await host.select<{ project_id: string }>(
      `SELECT DISTINCT project_id FROM ${host.tables.imports} ORDER BY project_id`,
    );
    for (const { project_id: projectId } of projects) {
      if (moved.has(projectId)) {
        onProject({ projectId, rows: 0, skipped: true });
        continue;
      }
      // An import that opened before this run may still be committing: the move waits for it.
      const rows = await host.projectWriteLock(projectId, () => this.moveProject(projectId));
      await this.record(RESHARD_STATE.MOVED, projectId);
      onProject({ projectId, rows, skipped: false });
    }
    await this.record(RESHARD_STATE.FINISHED);
    await host.cleanup();
  }

  private record(state: number, projectId = '', importId = 0): Promise<void> {
    return this.host.insertLines(this.host.tables.reshards, [
      JSON.stringify({ run: this.run, state, project_id: projectId, import_id: importId }),
    ]);
  }

  /** Imports an interrupted run opened for its moves, aborted: their rows go at cleanup. */
  private async abortInterruptedMoves(): Promise<void> {
    const { tables } = this.host;
    const open = await this.host.select<{ project_id: string; import_id: number }>(
      `SELECT project_id, import_id FROM ${tables.imports}
       WHERE import_id IN (SELECT import_id FROM ${tables.reshards} WHERE state = ${RESHARD_STATE.MOVING})
       GROUP BY project_id, import_id HAVING max(state) = ${IMPORT_STATE.OPEN}`,
    );
    await this.host.insertLines(
      tables.imports,
      open.map((row) => importLine(row.project_id, num(row.import_id), IMPORT_STATE.ABORTED)),
    );
  }

  /** A node's Distributed tables made again with `SHARDING_KEY`, where they have another key. */
  private async shardByKey(node: ClickHouseClient): Promise<void> {
    const { tables, cluster, server } = this.host;
    const pairs = [
      [tables.posts, tables.postsLocal],
      [tables.replaced, tables.replacedLocal],
    ] as const;
    for (const [table, local] of pairs) {
      const shown = await node.query({
        query: `SHOW CREATE TABLE ${table}`,
        format: 'TabSeparatedRaw',
      });
      if ((await shown.text()).includes(SHARDING_KEY)) continue;
      // The Distributed table holds no rows (inserts are synchronous): only its key changes.
      await node.command({ query: `DROP TABLE ${table}`, clickhouse_settings: server.ddlSettings });
      await node.command({
        query: distributedDdl(tables, cluster, table, local),
        clickhouse_settings: server.ddlSettings,
      });
    }
  }

  /** The project's visible rows written again by the new key, then swapped in at once. */
  private async moveProject(projectId: string): Promise<number> {
    const { host } = this;
    const { tables } = host;
    const visible = await host.visible(projectId);
    const copied = await host.committedImports(projectId);
    const [counted] = await host.select<{ n: number }>(
      `SELECT count() AS n FROM ${tables.posts} WHERE ${visible}`,
    );
    const rows = num(counted?.n);
    if (rows === 0) return 0;
    const importId = await host.startImport(projectId);
    await this.record(RESHARD_STATE.MOVING, projectId, importId);
    const columns = postsColumns(host.server).map(([name]) => name);
    // By position, not alias: an alias named as a column would stand for it in WHERE as well.
    const values = columns.map((name) =>
      name === 'import_id'
        ? numberLiteral(importId)
        : name === 'seq'
          ? 'rowNumberInAllBlocks()'
          : name,
    );
    await host.command(
      `INSERT INTO ${tables.posts} (${columns.join(', ')})
       SELECT ${values.join(', ')} FROM ${tables.posts} WHERE ${visible}`,
    );
    const [written] = await host.select<{ n: number }>(
      `SELECT count() AS n FROM ${tables.posts}
       WHERE project_id = ${stringLiteral(projectId)} AND import_id = ${numberLiteral(importId)}`,
    );
    if (num(written?.n) !== rows) {
      throw new Error(
        `ClickHouse: ${projectId} has ${rows} rows, but ${num(written?.n)} were written again (import ${importId} left open)`,
      );
    }
    // One insert: reads see the new rows and none of the old from the same moment.
    await host.insertLines(tables.imports, [
      importLine(projectId, importId, IMPORT_STATE.COMMITTED),
      ...copied.map((id) => importLine(projectId, id, IMPORT_STATE.DELETED)),
    ]);
    return rows;
  }
}

/** Whether a run of the resharder has started and not finished: imports wait for none. */
export async function reshardRunning(host: Pick<ReshardHost, 'select' | 'tables'>) {
  const [last] = await host.select<{ state: number }>(
    `SELECT max(state) AS state FROM ${host.tables.reshards}
     WHERE run = (SELECT max(run) FROM ${host.tables.reshards})`,
  );
  return last !== undefined && num(last.state) > 0 && num(last.state) < RESHARD_STATE.FINISHED;
}
