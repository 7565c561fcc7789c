import type { DuckDBConnection } from '@duckdb/node-api';
import { postingsAt, type SegmentRows } from './grams.js';

/** Adds a segment's rows to a bigram index table (see grams.ts). */
export async function appendSegment(
  writer: DuckDBConnection,
  table: string,
  projectId: string,
  base: number,
  rows: SegmentRows,
): Promise<void> {
  const appender = await writer.createAppender(table);
  try {
    rows.grams.forEach((gram, i) => {
      appender.appendVarchar(projectId);
      appender.appendUInteger(gram);
      appender.appendUInteger(base);
      appender.appendBlob(postingsAt(rows, i));
      appender.endRow();
    });
  } finally {
    appender.closeSync();
  }
}
