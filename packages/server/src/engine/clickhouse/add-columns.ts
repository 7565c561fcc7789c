import type { ClickHouseClient } from '@clickhouse/client';
import { identifier } from './literal.js';
import { DUPLICATE_COLUMNS, kgColumns, type Tables } from './schema.js';
import type { ServerDialect } from './server-version.js';

/**
 * Posts tables made before kg_infos' columns (or near duplicates' key and reason) gain them on a
 * node: its local table and, in a
 * cluster, its Distributed table. 18.16 has no `ADD COLUMN IF NOT EXISTS`, so the missing ones
 * are read first; a post stored before has them empty (the types' defaults, '', [] and 0).
 */
export async function addKgColumns(
  node: ClickHouseClient,
  tables: Tables,
  dialect: ServerDialect,
): Promise<void> {
  const names = new Set([tables.postsLocal, tables.posts]);
  for (const table of names) {
    const described = await node.query({ query: `DESCRIBE TABLE ${table}`, format: 'JSONEachRow' });
    const present = new Set((await described.json<{ name: string }>()).map((row) => row.name));
    const missing = [...kgColumns(dialect), ...DUPLICATE_COLUMNS].filter(
      ([name]) => !present.has(name),
    );
    if (missing.length === 0) continue;
    await node.command({
      query: `ALTER TABLE ${table} ${missing.map(([name, type]) => `ADD COLUMN ${identifier(name)} ${type}`).join(', ')}`,
      clickhouse_settings: dialect.ddlSettings,
    });
  }
}
