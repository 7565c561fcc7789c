import { mkdir } from 'node:fs/promises';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations/index.js';
import { pglitePool } from './pglite-pool.js';
import type { Database } from './schema.js';

export type StoreKind = 'pglite' | 'postgres';

export interface StoreDatabase {
  db: Kysely<Database>;
  kind: StoreKind;
  close(): Promise<void>;
}

/**
 * Opens the metadata database: a PostgreSQL server when `databaseUrl` is given, otherwise
 * PGlite in `dataDir` (or in memory for `memory://`), in a worker thread of its own. Migrations
 * are applied before it is used.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<StoreDatabase> {
  let kind: StoreKind;
  let dialect: PostgresDialect;
  if (options.databaseUrl) {
    kind = 'postgres';
    // timestamptz and jsonb arrive parsed; bigint counts as numbers, which ours always fit.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    dialect = new PostgresDialect({
      pool: new pg.Pool({ connectionString: options.databaseUrl, max: 10 }),
    });
  } else {
    kind = 'pglite';
    const memory = options.dataDir === 'memory://';
    if (!memory) await mkdir(options.dataDir, { recursive: true });
    const pool = pglitePool(memory ? undefined : `${options.dataDir}/metadata`);
    dialect = new PostgresDialect({ pool });
  }
  const db = new Kysely<Database>({ dialect });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, kind, close: () => db.destroy() };
}

async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`数据库迁移失败: ${failed?.migrationName ?? ''} ${String(error)}`);
  }
}
