import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface SessionRecord {
  id: string;
  userId: string;
  isWx: boolean;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Sessions are stored by the SHA-256 of their token, never the token itself. */
export class SessionsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async create(session: {
    tokenHash: string;
    userId: string;
    isWx: boolean;
    address: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: session.tokenHash,
        user_id: session.userId,
        is_wx: session.isWx,
        address: session.address,
        expires_at: session.expiresAt,
      })
      .execute();
  }

  async findByTokenHash(tokenHash: string): Promise<SessionRecord | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'is_wx', 'expires_at', 'revoked_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        userId: row.user_id,
        isWx: row.is_wx,
        expiresAt: new Date(row.expires_at),
        revokedAt: row.revoked_at && new Date(row.revoked_at),
      }
    );
  }

  async revoke(id: string, at = new Date()): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllOfUser(userId: string, at = new Date()): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
