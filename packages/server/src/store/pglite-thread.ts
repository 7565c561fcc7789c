import { PGlite } from '@electric-sql/pglite';
import { answerCalls } from '../jobs/thread-calls.js';

/** What the main thread asks of the PGlite thread (pglite-pool.ts). */
export type PGliteCall =
  | { op: 'open'; dataDir: string | undefined }
  | { op: 'query'; sql: string; parameters: unknown[] }
  | { op: 'close' };

export interface PGliteAnswer {
  rows: unknown[];
  affectedRows: number | undefined;
}

/**
 * The thread that owns the embedded database: PGlite parses, plans and runs every statement and
 * parses its rows here, so the server's thread goes on answering while it works.
 */
let db: PGlite | undefined;

answerCalls(async (call: PGliteCall): Promise<PGliteAnswer | null> => {
  switch (call.op) {
    case 'open':
      db = await PGlite.create(call.dataDir);
      return null;
    case 'query': {
      if (!db) throw new Error('元数据库线程已重启，请重启服务');
      const result = await db.query(call.sql, call.parameters);
      return { rows: result.rows, affectedRows: result.affectedRows };
    }
    case 'close':
      await db?.close();
      db = undefined;
      return null;
  }
});
