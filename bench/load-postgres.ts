import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openStore } from '../packages/server/src/store/index.js';
import type { LoadData } from './load-data.js';

const DATABASE = 'yuqing_bench_load';

/**
 * Runs `task` with the address of a fresh PostgreSQL database (on the server `adminUrl` names)
 * holding a copy of the cached folder's metadata, the same projects, users and dashboards its
 * posts belong to; the database is dropped after.
 */
export async function withPostgresCopy<T>(
  data: LoadData,
  adminUrl: string,
  task: (databaseUrl: string) => Promise<T>,
): Promise<T> {
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  const databaseUrl = url.toString();
  await administer(adminUrl, `drop database if exists ${DATABASE} with (force)`);
  await administer(adminUrl, `create database ${DATABASE}`);
  try {
    // The server's own migrations make the tables; the rows come from the folder's PGlite.
    await (await openStore({ databaseUrl, dataDir: data.dataDir })).close();
    await copyRows(join(data.dataDir, 'metadata'), databaseUrl);
    return await task(databaseUrl);
  } finally {
    await administer(adminUrl, `drop database if exists ${DATABASE} with (force)`);
  }
}

async function administer(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Every table's rows, through JSON, with foreign keys unchecked while they arrive. */
async function copyRows(pgliteDir: string, databaseUrl: string) {
  const source = await PGlite.create(pgliteDir);
  const target = new pg.Client({ connectionString: databaseUrl });
  await target.connect();
  try {
    const { rows: tables } = await target.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely%'`,
    );
    await target.query('begin');
    await target.query('set local session_replication_role = replica');
    for (const { name } of tables) {
      const { rows } = await source.query<{ rows: string }>(
        `select coalesce(json_agg(t), '[]')::text as rows from "${name}" t`,
      );
      await target.query(
        `insert into "${name}" select * from json_populate_recordset(null::"${name}", $1::json)`,
        [rows[0]!.rows],
      );
    }
    // Serial keys go on after the copied ones.
    const { rows: serials } = await target.query<{ name: string; column: string }>(
      `select table_name as name, column_name as column from information_schema.columns
       where table_schema = 'public' and column_default like 'nextval(%'`,
    );
    for (const { name, column } of serials) {
      await target.query(
        `select setval(pg_get_serial_sequence('"${name}"', '${column}'),
           coalesce((select max("${column}") from "${name}"), 0) + 1, false)`,
      );
    }
    await target.query('commit');
  } finally {
    await target.end();
    await source.close();
  }
}
