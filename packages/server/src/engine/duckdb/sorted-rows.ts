import { DOUBLE, LIST, listValue, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import type { Row } from '../sql/dialect.js';

/**
 * Rows per read by row id. A batch waits as JavaScript values for the caller, and larger ones
 * grew the process more (a scan of 100,000 posts: +283 MB at 1,024 rows, +574 MB at 4,096, 218
 * MB of either DuckDB's cache); a read of rows spread over the table (a sort by engagement)
 * costs 30-40 ms at a million posts however few it reads, and at 1,024 such a scan is as fast
 * as sorting whole rows was.
 */
export const SORTED_BATCH = 1024;

export interface SortedRead {
  /** The columns read of each row. */
  columns: string;
  /** Which posts, and their bound values. */
  where: string;
  values: readonly DuckDBValue[];
  /** The ORDER BY of the rows. */
  order: string;
  batch?: number;
}

/**
 * The rows of `posts` matching `where` in `order`, in batches, on a connection of the caller's
 * own. The matches' row ids are sorted first, then their columns read a batch of ids at a time,
 * all in one transaction: sorted whole, the rows' documents went through the sort (100,000
 * posts: +925 MB). Memory holds the row ids (8 bytes a row) and two batches.
 */
export async function* sortedRows(
  connection: DuckDBConnection,
  read: SortedRead,
): AsyncIterable<Row[]> {
  const size = read.batch ?? SORTED_BATCH;
  let next: Promise<Row[]> | undefined;
  await connection.run('BEGIN TRANSACTION');
  try {
    const ids = await sortedIds(connection, read);
    const batchAt = (from: number) =>
      from < ids.length
        ? rowsOf(connection, read.columns, ids.slice(from, from + size))
        : undefined;
    next = batchAt(0);
    for (let from = 0; next; from += size) {
      const rows = await next;
      // The next batch is read while the caller works on this one.
      next = batchAt(from + size);
      yield rows;
    }
  } finally {
    // A caller that stops early leaves a read in flight; the transaction ends after it.
    await next?.catch(() => undefined);
    await connection.run('ROLLBACK');
  }
}

/** The matching rows' ids in order, reading the sort columns alone. */
async function sortedIds(connection: DuckDBConnection, read: SortedRead): Promise<number[]> {
  const result = await connection.stream(
    `SELECT rowid::DOUBLE FROM posts WHERE ${read.where} ORDER BY ${read.order}`,
    read.values as DuckDBValue[],
  );
  const ids: number[] = [];
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) return ids;
    for (const id of chunk.getColumnValues(0) as number[]) ids.push(id);
  }
}

/**
 * The rows of these ids, in their order. The join hands DuckDB's table scan the ids' range and
 * set, so rows stored together (a sort by time) are read alone; an IN list of the ids read every
 * row of the table whatever the sort.
 */
async function rowsOf(
  connection: DuckDBConnection,
  columns: string,
  ids: readonly number[],
): Promise<Row[]> {
  const result = await connection.run(
    `SELECT ${columns} FROM posts JOIN (
       SELECT unnest($1)::BIGINT AS id, generate_subscripts($1, 1) AS place) AS wanted
     ON posts.rowid = wanted.id ORDER BY wanted.place`,
    [listValue([...ids])],
    [LIST(DOUBLE)],
  );
  if (result.rowCount !== ids.length) throw new Error('a row vanished from its transaction');
  // Taken as JavaScript values at once, DuckDB's copy goes with the next garbage collection.
  return (await result.getRowObjects()) as Row[];
}
