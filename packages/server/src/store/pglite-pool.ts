import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { ThreadCalls } from '../jobs/thread-calls.js';
import type { PGliteAnswer, PGliteCall } from './pglite-thread.js';

const THREAD = new URL('./pglite-thread.ts', import.meta.url);

/**
 * Presents an embedded PGlite database, kept in a worker thread of its own (pglite-thread.ts),
 * as the pool Kysely's PostgresDialect expects: each statement goes to the thread with its
 * parameters and its rows come back as PGlite gave them (Dates, parsed JSON, numbers). PGlite has
 * a single connection, so a client is handed out to one borrower at a time: a transaction's
 * statements can never interleave with another request's. `dataDir` undefined: in memory.
 */
export function pglitePool(dataDir: string | undefined): PostgresPool {
  const thread = new ThreadCalls<PGliteCall, PGliteAnswer | null>(THREAD);
  const opened = thread.call({ op: 'open', dataDir });
  // Heard by the first statement, which waits for the opening.
  opened.catch(() => undefined);
  let queue: Promise<void> = Promise.resolve();

  const query = async <R>(sql: string, parameters: ReadonlyArray<unknown>) => {
    await opened;
    const result = (await thread.call({ op: 'query', sql, parameters: [...parameters] }))!;
    return {
      command: sql.trimStart().slice(0, 6).toUpperCase(),
      rowCount: result.affectedRows ?? result.rows.length,
      rows: result.rows as R[],
    } as PostgresQueryResult<R>;
  };

  return {
    async connect() {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const turn = queue;
      queue = queue.then(() => released);
      await turn;
      return { query, release } as PostgresPoolClient;
    },
    async end() {
      await queue;
      const isOpen = await opened.then(
        () => true,
        () => false,
      );
      try {
        if (isOpen) await thread.call({ op: 'close' });
      } finally {
        await thread.close();
      }
    },
  };
}
