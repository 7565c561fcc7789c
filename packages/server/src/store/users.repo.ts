import type { Kysely } from 'kysely';
import type { Database, NewUser } from './schema.js';

export interface UserRecord {
  id: string;
  username: string;
  nickname: string;
  passwordHash: string | null;
  wxOpenid: string | null;
  isSuperAdmin: boolean;
  disabled: boolean;
}

export class UsersRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private async findBy(column: 'id' | 'username' | 'wx_openid', value: string) {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where(column, '=', value)
      .executeTakeFirst();
    return row && toUser(row);
  }

  findById(id: string) {
    return this.findBy('id', id);
  }

  findByUsername(username: string) {
    return this.findBy('username', username);
  }

  findByWxOpenid(openid: string) {
    return this.findBy('wx_openid', openid);
  }

  async create(user: NewUser): Promise<string> {
    const row = await this.db
      .insertInto('users')
      .values(user)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Creates the account unless its username is taken, also by a request running at the same
   * time (the unique key decides); undefined when taken.
   */
  async createUnlessTaken(user: NewUser): Promise<string | undefined> {
    const row = await this.db
      .insertInto('users')
      .values(user)
      .onConflict((oc) => oc.column('username').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** A disabled account cannot sign in; callers also revoke its sessions. */
  async setDisabled(id: string, disabled: boolean): Promise<void> {
    await this.db.updateTable('users').set({ disabled }).where('id', '=', id).execute();
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', id)
      .execute();
  }

  async countSuperAdmins(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_super_admin', '=', true)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

function toUser(row: {
  id: string;
  username: string;
  nickname: string;
  password_hash: string | null;
  wx_openid: string | null;
  is_super_admin: boolean;
  disabled: boolean;
}): UserRecord {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    passwordHash: row.password_hash,
    wxOpenid: row.wx_openid,
    isSuperAdmin: row.is_super_admin,
    disabled: row.disabled,
  };
}
