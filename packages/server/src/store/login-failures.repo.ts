import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Recent failed sign-ins (inside the window) of one address and of one username. */
export interface RecentFailures {
  byAddress: number;
  /** The address's oldest failure inside the window. */
  addressOldest?: Date;
  byUsername: number;
  /** The username's newest failure. */
  usernameNewest?: Date;
}

/** Failed sign-ins, counted per username and per address to slow down password guessing. */
export class LoginFailuresRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async record(username: string, address: string, at = new Date()): Promise<void> {
    await this.db
      .insertInto('login_failures')
      .values({ username, address, failed_at: at })
      .execute();
  }

  async recentSince(
    since: Date,
    by: { username: string; address: string },
  ): Promise<RecentFailures> {
    const row = await this.db
      .selectFrom('login_failures')
      .select([
        sql<number>`count(*) filter (where address = ${by.address})::int`.as('byAddress'),
        sql<Date | null>`min(failed_at) filter (where address = ${by.address})`.as('addressOldest'),
        sql<number>`count(*) filter (where username = ${by.username})::int`.as('byUsername'),
        sql<Date | null>`max(failed_at) filter (where username = ${by.username})`.as(
          'usernameNewest',
        ),
      ])
      .where('failed_at', '>=', since)
      .where((eb) => eb.or([eb('username', '=', by.username), eb('address', '=', by.address)]))
      .executeTakeFirstOrThrow();
    return {
      byAddress: row.byAddress,
      addressOldest: row.addressOldest ?? undefined,
      byUsername: row.byUsername,
      usernameNewest: row.usernameNewest ?? undefined,
    };
  }

  /**
   * A successful sign-in forgives the failures of that account from that address only: failures
   * from elsewhere, a guesser's, keep slowing the account down.
   */
  async forgive(username: string, address: string): Promise<void> {
    await this.db
      .deleteFrom('login_failures')
      .where('username', '=', username)
      .where('address', '=', address)
      .execute();
  }

  async prune(before: Date): Promise<void> {
    await this.db.deleteFrom('login_failures').where('failed_at', '<', before).execute();
  }
}
