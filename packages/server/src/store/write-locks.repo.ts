import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Named locks of the processes sharing this store. A lock is taken for `ttlMs` and taken again
 * (extended) by its holder before then; once it expires anyone may take it, so a holder that died
 * gives it up by itself.
 */
export class WriteLocksRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Takes or extends the lock; answers whether `holder` holds it now. */
  async take(name: string, holder: string, ttlMs: number): Promise<boolean> {
    const expiresAt = sql<Date>`now() + ${`${Math.ceil(ttlMs)} milliseconds`}::interval`;
    const row = await this.db
      .insertInto('write_locks')
      .values({ name, holder, expires_at: expiresAt })
      .onConflict((conflict) =>
        conflict
          .column('name')
          .doUpdateSet({ holder, expires_at: expiresAt })
          .where((eb) =>
            eb.or([
              eb('write_locks.holder', '=', holder),
              eb('write_locks.expires_at', '<', sql<Date>`now()`),
            ]),
          ),
      )
      .returning('holder')
      .executeTakeFirst();
    return row?.holder === holder;
  }

  /** Gives the lock up, if `holder` holds it. */
  async release(name: string, holder: string): Promise<void> {
    await this.db
      .deleteFrom('write_locks')
      .where('name', '=', name)
      .where('holder', '=', holder)
      .execute();
  }
}
