import type { ClickHouseClient, ClickHouseSettings } from '@clickhouse/client';

/**
 * What differs between the ClickHouse versions the engine runs on: Debian's 18.16 (the oldest)
 * and newer ones. Everything else the engine writes is SQL that both accept.
 */
export interface ServerDialect {
  version: string;
  major: number;
  /** The column type of a text field with few distinct values. */
  lowCardinality(type: string): string;
  /** Settings sent with table DDL. */
  ddlSettings: ClickHouseSettings;
  /** Settings that make an insert through a Distributed table return once the shards hold it. */
  syncInsertSettings: ClickHouseSettings;
}

export function dialectOf(version: string): ServerDialect {
  const major = Number.parseInt(version.split('.')[0] ?? '', 10);
  if (!Number.isFinite(major)) throw new Error(`unknown ClickHouse version ${version}`);
  // 18.x knows LowCardinality only behind an experimental setting, which later versions drop.
  const experimental = major === 18;
  const lowCardinality = major >= 19 || experimental;
  return {
    version,
    major,
    lowCardinality: (type) => (lowCardinality ? `LowCardinality(${type})` : type),
    ddlSettings: experimental
      ? ({ allow_experimental_low_cardinality_type: 1 } as ClickHouseSettings)
      : {},
    // Renamed in 23.x; the old name stays an alias there, but newer servers prefer the new one.
    syncInsertSettings:
      major >= 24
        ? ({ distributed_foreground_insert: 1 } as ClickHouseSettings)
        : ({ insert_distributed_sync: 1 } as ClickHouseSettings),
  };
}

/** Reads `version()` once. */
export async function serverDialect(client: ClickHouseClient): Promise<ServerDialect> {
  const result = await client.query({
    query: 'SELECT version() AS version',
    format: 'JSONEachRow',
  });
  const [row] = await result.json<{ version: string }>();
  if (!row) throw new Error('ClickHouse answered no version');
  return dialectOf(row.version);
}
