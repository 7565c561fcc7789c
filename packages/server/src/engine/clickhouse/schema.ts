import {
  ENGAGEMENT_FIELDS,
  KG_PATH_FIELDS,
  KG_TERM_FIELDS,
  PATH_FIELDS,
  TERM_FIELDS,
} from '@yuqing/core';
import { identifier, numberLiteral } from './literal.js';
import type { ServerDialect } from './server-version.js';

/**
 * The tables of one database. Posts are rows of `posts_local` on every node; `posts` is the
 * Distributed table over them, sharded by a hash of the project and the post's _id
 * (`SHARDING_KEY`), so one project's posts spread evenly over every shard, each shard scans its
 * part, and every row of an _id (a re-import, a re-tag) lands on the shard that holds it. Without
 * a cluster, `posts` is the MergeTree table itself.
 *
 * Every row carries the `import_id` of the import that wrote it and its `seq` in that import; a
 * read sees a row only when its import is committed and no committed import replaced it:
 *
 * - `imports` (one node, the first; read by the engine before each query): an event log of
 *   (project_id, import_id, state). The state of an import is the largest state it has a row of:
 *   OPEN < COMMITTED < SETTLED (committed, its replaced rows physically gone) < ABORTED < DELETED.
 * - `replaced` (sharded like posts by the _id of the row it names, `replaced_local` on every
 *   node): rows (old_import_id, old_seq) that the import `by_import_id` replaces, written before
 *   that import commits. A row (rather than an _id) is named, so duplicates within one import hide
 *   all but the last. A row and the rows naming it replaced are on one shard, so the subquery
 *   that hides them reads the shard's own table.
 * - `reshards` (first node): runs of the command that moves a cluster sharded by project alone to
 *   `SHARDING_KEY` (reshard.ts); imports are refused while one runs.
 */
export interface Tables {
  database: string;
  /** Reads and inserts. */
  posts: string;
  /** The table on each node (posts itself without a cluster), for subqueries and mutations. */
  postsLocal: string;
  replaced: string;
  replacedLocal: string;
  imports: string;
  reshards: string;
}

export const IMPORT_STATE = { OPEN: 1, COMMITTED: 2, SETTLED: 3, ABORTED: 4, DELETED: 5 } as const;

/**
 * A row of `imports` as inserted, its time written out: 18.16 does not fill a column a
 * JSONEachRow line leaves out with its default (it would be 1970).
 */
export function importLine(projectId: string, importId: number, state: number, replaced = 0) {
  const at = new Date().toISOString().slice(0, 19).replace('T', ' ');
  return JSON.stringify({ project_id: projectId, import_id: importId, state, replaced, at });
}

export function tablesOf(database: string, cluster: string | undefined): Tables {
  const db = identifier(database);
  return {
    database: db,
    posts: `${db}.posts`,
    postsLocal: cluster ? `${db}.posts_local` : `${db}.posts`,
    replaced: `${db}.replaced`,
    replacedLocal: cluster ? `${db}.replaced_local` : `${db}.replaced`,
    imports: `${db}.imports`,
    reshards: `${db}.reshards`,
  };
}

/** A field's column: a `kg_infos.…` field's is `kg_…` (`kg_infos.emotion` in kg_emotion). */
export const columnName = (field: string) =>
  field.startsWith('kg_infos.') ? `kg_${field.slice('kg_infos.'.length)}` : field;

const termColumn =
  (dialect: ServerDialect) =>
  (field: string): [string, string] => [columnName(field), dialect.lowCardinality('String')];
const pathColumn = (field: string): [string, string] => [columnName(field), 'Array(String)'];

/** The columns of kg_infos' fields, which tables made before them gain at open. */
export const kgColumns = (dialect: ServerDialect): [string, string][] => [
  ...KG_TERM_FIELDS.map(termColumn(dialect)),
  ...KG_PATH_FIELDS.map(pathColumn),
];

/**
 * A post's near-duplicate key, and the earlier post it repeats with their similarity (as
 * DuckDB's), which tables made before them gain at open.
 */
export const DUPLICATE_COLUMNS: [string, string][] = [
  ['dup_key', 'String'],
  ['duplicate_of', 'String'],
  ['duplicate_similarity', 'Float64'],
];

/** Columns of posts: as DuckDB's (see duckdb/schema.ts), plus import_id and seq. */
export function postsColumns(dialect: ServerDialect): [string, string][] {
  return [
    ['project_id', 'String'],
    ['_id', 'String'],
    ['created', 'Int64'],
    ...TERM_FIELDS.map(termColumn(dialect)),
    ['title', 'String'],
    /** Title, text and body lower-cased (by JavaScript) and joined by U+0001. */
    ['search_text', 'String'],
    /** The author lower-cased by JavaScript, for `author:` keywords. */
    ['author_lc', 'String'],
    ['rel', 'String'],
    ['retweeted_screen_name', 'String'],
    ...ENGAGEMENT_FIELDS.map((field): [string, string] => [field, 'Int64']),
    /** Each path with its ancestors, as stored by DuckDB. */
    ...PATH_FIELDS.map(pathColumn),
    ['tokens', 'Array(String)'],
    ['simhash', 'String'],
    ...DUPLICATE_COLUMNS,
    /** The post as given, less tokens, simhash, dup_key and water_post and its reason (JSON). */
    ['doc', 'String'],
    ['import_id', 'UInt64'],
    ['seq', 'UInt64'],
  ];
}

const POSTS_ENGINE =
  'ENGINE = MergeTree PARTITION BY toYYYYMM(toDateTime(intDiv(created, 1000))) ORDER BY (project_id, created, _id)';
const REPLACED_COLUMNS =
  'project_id String, old_import_id UInt64, old_seq UInt64, by_import_id UInt64, _id String';

/** The _id of the row a replaced row names, which tables made before it gain at open. */
export const REPLACED_ID_COLUMN: [string, string] = ['_id', 'String'];

/** How posts (and the replaced rows naming them) are spread over the shards. */
export const SHARDING_KEY = 'cityHash64(project_id, _id)';

/** A Distributed table over a node's local table, sharded by `SHARDING_KEY`. */
export const distributedDdl = (tables: Tables, cluster: string, table: string, local: string) =>
  `CREATE TABLE IF NOT EXISTS ${table} AS ${local} ENGINE = Distributed(${identifier(cluster)}, ${tables.database}, ${local.split('.')[1]}, ${SHARDING_KEY})`;
const REPLACED_ENGINE =
  'ENGINE = MergeTree ORDER BY (project_id, by_import_id, old_import_id, old_seq)';

/** MergeTree settings of the tables, e.g. { old_parts_lifetime: 30 }. */
export type TableSettings = Record<string, number>;

const settingsSql = (settings: TableSettings = {}) => {
  const entries = Object.entries(settings);
  return entries.length === 0
    ? ''
    : ` SETTINGS ${entries.map(([name, value]) => `${identifier(name)} = ${numberLiteral(value)}`).join(', ')}`;
};

/** DDL run on every node. */
export function nodeDdl(
  tables: Tables,
  dialect: ServerDialect,
  cluster?: string,
  settings?: TableSettings,
): string[] {
  const columns = postsColumns(dialect)
    .map(([name, type]) => `${identifier(name)} ${type}`)
    .join(', ');
  const statements = [
    `CREATE DATABASE IF NOT EXISTS ${tables.database}`,
    `CREATE TABLE IF NOT EXISTS ${tables.postsLocal} (${columns}) ${POSTS_ENGINE}${settingsSql(settings)}`,
    `CREATE TABLE IF NOT EXISTS ${tables.replacedLocal} (${REPLACED_COLUMNS}) ${REPLACED_ENGINE}${settingsSql(settings)}`,
  ];
  if (cluster) {
    statements.push(
      distributedDdl(tables, cluster, tables.posts, tables.postsLocal),
      distributedDdl(tables, cluster, tables.replaced, tables.replacedLocal),
    );
  }
  return statements;
}

/** DDL run on the first node only. */
export const firstNodeDdl = (tables: Tables): string[] => [
  `CREATE TABLE IF NOT EXISTS ${tables.imports} (project_id String, import_id UInt64, state UInt8, replaced UInt64, at DateTime DEFAULT now()) ENGINE = MergeTree ORDER BY (project_id, import_id)`,
  `CREATE TABLE IF NOT EXISTS ${tables.reshards} (run UInt64, state UInt8, project_id String, import_id UInt64, at DateTime DEFAULT now()) ENGINE = MergeTree ORDER BY (run, state)`,
];
