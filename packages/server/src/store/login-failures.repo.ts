import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Failed sign-ins, counted per username and per address to slow down password guessing. */
export class LoginFailuresRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async record(username: string, address: string): Promise<void> {
    await this.db.insertInto('login_failures').values({ username, address }).execute();
  }

  async countSince(since: Date, by: { username: string; address: string }) {
    const row = await this.db
      .selectFrom('login_failures')
      .select([
        sql<number>`count(*) filter (where username = ${by.username})::int`.as('byUsername'),
        sql<number>`count(*) filter (where address = ${by.address})::int`.as('byAddress'),
      ])
      .where('failed_at', '>=', since)
      .where((eb) => eb.or([eb('username', '=', by.username), eb('address', '=', by.address)]))
      .executeTakeFirstOrThrow();
    return { byUsername: row.byUsername, byAddress: row.byAddress };
  }

  /** A successful sign-in forgives the user's earlier failures. */
  async clearUser(username: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('username', '=', username).execute();
  }

  async prune(before: Date): Promise<void> {
    await this.db.deleteFrom('login_failures').where('failed_at', '<', before).execute();
  }
}
