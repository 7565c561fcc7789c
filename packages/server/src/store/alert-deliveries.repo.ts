import type { Kysely, Selectable } from 'kysely';
import type { AlertChannelKind, AlertDeliveryError, ParsedAlertMessage } from '@yuqing/core';
import type { JobsRepo } from './jobs.repo.js';
import type { AlertDeliveriesTable, Database } from './schema.js';

export type DeliveryRow = Selectable<AlertDeliveriesTable>;

/** Sends of alerts through channels and how each went; their runs are the job runner's. */
export class AlertDeliveriesRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobsRepo,
  ) {}

  /** One send per channel of an alert update, each with its run (a job of the same id) due `now`. */
  async enqueue(
    sends: readonly {
      projectId: string;
      alertId: string;
      channelId: string;
      message: ParsedAlertMessage;
    }[],
    now: Date,
  ): Promise<void> {
    if (!sends.length) return;
    await this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .insertInto('alert_deliveries')
        .values(
          sends.map((send) => ({
            project_id: send.projectId,
            alert_id: send.alertId,
            channel_id: send.channelId,
            message: JSON.stringify(send.message),
            state: 'pending' as const,
          })),
        )
        .returning(['id', 'project_id'])
        .execute();
      for (const row of rows) {
        await this.jobs.enqueue(
          {
            id: row.id,
            kind: 'alert-delivery',
            projectId: row.project_id,
            payload: {},
            runAt: now,
          },
          trx,
        );
      }
    });
  }

  /** A try of the send begins; undefined when it was deleted (its alert or channel went). */
  async markSending(id: string, now: Date): Promise<DeliveryRow | undefined> {
    return this.db
      .updateTable('alert_deliveries')
      .set({ state: 'sending', last_attempt_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async markSent(id: string, now: Date): Promise<void> {
    await this.db
      .updateTable('alert_deliveries')
      .set({ state: 'sent', sent_at: now, last_error: null })
      .where('id', '=', id)
      .execute();
  }

  /** A failed try: tried again later (`retries`), or given up. */
  async markFailed(id: string, error: string, retries: boolean): Promise<void> {
    await this.db
      .updateTable('alert_deliveries')
      .set({ state: retries ? 'pending' : 'failed', last_error: error })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes sends that ended (sent, or given up) before `before`; answers how many. */
  async removeEnded(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('alert_deliveries')
      .where('state', 'in', ['sent', 'failed'])
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The sends of an alert, oldest first. */
  async ofAlert(alertId: string): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('alert_deliveries')
      .selectAll()
      .where('alert_id', '=', alertId)
      .orderBy('created_at')
      .execute();
  }

  /** For each channel of the rule whose newest attempt failed: why, when, and whether it gave up. */
  async lastErrors(ruleId: string): Promise<AlertDeliveryError[]> {
    return (await this.lastErrorRows('c.rule_id', ruleId)).map(({ ruleId: _, ...error }) => error);
  }

  /** The same for every rule of a project, each error naming its rule: the rule list's marks. */
  async lastErrorsOfProject(
    projectId: string,
  ): Promise<(AlertDeliveryError & { ruleId: string })[]> {
    return this.lastErrorRows('c.project_id', projectId);
  }

  private async lastErrorRows(column: 'c.rule_id' | 'c.project_id', id: string) {
    const rows = await this.db
      .selectFrom('alert_deliveries as d')
      .innerJoin('alert_channels as c', 'c.id', 'd.channel_id')
      .select([
        'd.channel_id',
        'c.rule_id',
        'c.kind',
        'd.state',
        'd.last_error',
        'd.last_attempt_at',
      ])
      .distinctOn('d.channel_id')
      .where(column, '=', id)
      .where('d.last_attempt_at', 'is not', null)
      .orderBy('d.channel_id')
      .orderBy('d.last_attempt_at', 'desc')
      .execute();
    return rows.flatMap((row) =>
      row.last_error && row.last_attempt_at && row.state !== 'sent'
        ? [
            {
              ruleId: row.rule_id,
              channelId: row.channel_id,
              kind: row.kind as AlertChannelKind,
              error: row.last_error,
              at: row.last_attempt_at.getTime(),
              state: row.state === 'failed' ? ('failed' as const) : ('retrying' as const),
            },
          ]
        : [],
    );
  }
}
