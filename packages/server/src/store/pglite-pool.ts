import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * Presents one PGlite instance as the pool Kysely's PostgresDialect expects. PGlite has a single
 * connection, so a client is handed out to one borrower at a time: a transaction's statements
 * can never interleave with another request's.
 */
export function pglitePool(db: PGlite): PostgresPool {
  let queue: Promise<void> = Promise.resolve();

  return {
    async connect() {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const turn = queue;
      queue = queue.then(() => released);
      await turn;
      const client = {
        async query<R>(sql: string, parameters: ReadonlyArray<unknown>) {
          const result = await db.query<R>(sql, [...parameters]);
          const command = sql.trimStart().slice(0, 6).toUpperCase();
          return {
            command,
            rowCount: result.affectedRows ?? result.rows.length,
            rows: result.rows,
          } as PostgresQueryResult<R>;
        },
        release,
      };
      return client as PostgresPoolClient;
    },
    async end() {
      await queue;
      await db.close();
    },
  };
}
