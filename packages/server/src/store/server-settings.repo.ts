import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Values every server of a cluster must share, such as signing secrets. */
export class ServerSettingsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Returns the stored value, storing `make()` first when there is none (first writer wins). */
  async getOrCreate(key: string, make: () => string): Promise<string> {
    await this.db
      .insertInto('server_settings')
      .values({ key, value: make() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('server_settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return row.value;
  }
}
