import type { Kysely } from 'kysely';
import type { AuditAction, AuditPage, AuditQuery, AuditTargetType } from '@yuqing/core';
import type { Database } from './schema.js';

export interface AuditRecord {
  actor: { id: string; username: string };
  action: AuditAction;
  target: { type: AuditTargetType; id: string; name: string };
  details: Record<string, unknown>;
}

/** What super admins did to customers, projects and users: who, what, when, to what. */
export class AuditLogRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async record(entry: AuditRecord): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        actor_id: entry.actor.id,
        actor_name: entry.actor.username,
        action: entry.action,
        target_type: entry.target.type,
        target_id: entry.target.id,
        target_name: entry.target.name,
        details: JSON.stringify(entry.details),
      })
      .execute();
  }

  /** Newest first. */
  async page({ page, size }: AuditQuery): Promise<AuditPage> {
    const total = await this.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await this.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    return {
      total: Number(total.n),
      items: rows.map((row) => ({
        id: String(row.id),
        at: new Date(row.at).toISOString(),
        actorId: row.actor_id,
        actorName: row.actor_name,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        targetName: row.target_name,
        details: row.details,
      })),
    };
  }
}
