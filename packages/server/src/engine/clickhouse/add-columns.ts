import type { ClickHouseClient } from '@clickhouse/client';
import { identifier } from './literal.js';
import { DUPLICATE_COLUMNS, REPLACED_ID_COLUMN, kgColumns, type Tables } from './schema.js';
import type { ServerDialect } from './server-version.js';

/**
 * Tables made before some of their columns gain them on a node: posts tables made before
 * kg_infos' columns (or near duplicates' key and reason), replaced tables made before the _id
 * they are sharded by; each local table and, in a cluster, its Distributed table. 18.16 has no
 * `ADD COLUMN IF NOT EXISTS`, so the missing ones are read first; a row stored before has them
 * empty (the types' defaults, '', [] and 0).
 */
export async function addMissingColumns(
  node: ClickHouseClient,
  tables: Tables,
  dialect: ServerDialect,
): Promise<void> {
  const postsColumns = [...kgColumns(dialect), ...DUPLICATE_COLUMNS];
  const expected = new Map([
    [tables.postsLocal, postsColumns],
    [tables.posts, postsColumns],
    [tables.replacedLocal, [REPLACED_ID_COLUMN]],
    [tables.replaced, [REPLACED_ID_COLUMN]],
  ]);
  for (const [table, columns] of expected) {
    const described = await node.query({ query: `DESCRIBE TABLE ${table}`, format: 'JSONEachRow' });
    const present = new Set((await described.json<{ name: string }>()).map((row) => row.name));
    const missing = columns.filter(([name]) => !present.has(name));
    if (missing.length === 0) continue;
    await node.command({
      query: `ALTER TABLE ${table} ${missing.map(([name, type]) => `ADD COLUMN ${identifier(name)} ${type}`).join(', ')}`,
      clickhouse_settings: dialect.ddlSettings,
    });
  }
}
