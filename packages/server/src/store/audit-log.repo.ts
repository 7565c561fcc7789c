import type { Kysely } from 'kysely';
import {
  AUDIT_LOCAL_CLI_ACTOR,
  type AuditAction,
  type AuditPage,
  type AuditQuery,
  type AuditTargetType,
} from '@yuqing/core';
import type { Database } from './schema.js';

export interface AuditRecord {
  /** The account that acted; null for the import command on the server's machine. */
  actor: { id: string; username: string } | null;
  action: AuditAction;
  target: { type: AuditTargetType; id: string; name: string };
  /** The project the action was taken in (its path as `name`). */
  project?: { id: string; name: string };
  /** The client's address. */
  address?: string;
  details: Record<string, unknown>;
}

/** Who did what, when, to what, in which project and from where (see core's `admin/audit.ts`). */
export class AuditLogRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async record(entry: AuditRecord): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        actor_id: entry.actor?.id ?? null,
        actor_name: entry.actor?.username ?? AUDIT_LOCAL_CLI_ACTOR,
        action: entry.action,
        target_type: entry.target.type,
        target_id: entry.target.id,
        target_name: entry.target.name,
        project_id: entry.project?.id ?? null,
        project_name: entry.project?.name ?? null,
        address: entry.address ?? null,
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
        projectId: row.project_id,
        projectName: row.project_name,
        address: row.address,
        details: row.details,
      })),
    };
  }
}
