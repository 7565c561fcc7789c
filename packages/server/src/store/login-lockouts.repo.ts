import type { Kysely, Selectable } from 'kysely';
import type { LoginLockout } from '@yuqing/core';
import type { Database, LoginLockoutsTable } from './schema.js';

export interface LockoutEvent {
  username: string;
  address: string;
  /** When the failure that caused it came. */
  at: Date;
  failures: number;
  until: Date;
}

function present(row: Selectable<LoginLockoutsTable>): LoginLockout {
  return {
    id: String(row.id),
    kind: row.kind,
    username: row.username,
    address: row.address,
    startedAt: row.started_at.toISOString(),
    lastFailureAt: row.last_failure_at.toISOString(),
    failures: row.failures,
    until: row.until.toISOString(),
  };
}

/** Sign-in lockouts, kept for super admins to read. */
export class LoginLockoutsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async addressLocked(event: LockoutEvent): Promise<void> {
    await this.insert('address', event);
  }

  /**
   * An account slowed down: failures after its episode began (no quiet gap since `episodeSince`)
   * update that episode's row rather than adding one per failure.
   */
  async accountThrottled(event: LockoutEvent, episodeSince: Date): Promise<void> {
    const open = await this.db
      .selectFrom('login_lockouts')
      .select('id')
      .where('kind', '=', 'account')
      .where('username', '=', event.username)
      .where('last_failure_at', '>=', episodeSince)
      .orderBy('last_failure_at', 'desc')
      .executeTakeFirst();
    if (!open) return this.insert('account', event);
    await this.db
      .updateTable('login_lockouts')
      .set({
        address: event.address,
        last_failure_at: event.at,
        failures: event.failures,
        until: event.until,
      })
      .where('id', '=', open.id)
      .execute();
  }

  async newest(limit: number): Promise<LoginLockout[]> {
    const rows = await this.db
      .selectFrom('login_lockouts')
      .selectAll()
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(present);
  }

  private async insert(kind: LoginLockoutsTable['kind'], event: LockoutEvent): Promise<void> {
    await this.db
      .insertInto('login_lockouts')
      .values({
        kind,
        username: event.username,
        address: event.address,
        started_at: event.at,
        last_failure_at: event.at,
        failures: event.failures,
        until: event.until,
      })
      .execute();
  }
}
