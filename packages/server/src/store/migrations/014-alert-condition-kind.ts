import { sql, type Kysely } from 'kysely';

/**
 * Each alert keeps its rule's condition kind (volume, spike, negative_share, notable_post,
 * new_term), so its numbers can be told as what they are. Alerts raised before take their rule's
 * kind now (every alert has its rule: deleting a rule deletes its alerts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alerts').addColumn('condition_kind', 'text').execute();
  await sql`
    update alerts set condition_kind = alert_rules.definition -> 'condition' ->> 'kind'
    from alert_rules where alert_rules.id = alerts.rule_id`.execute(db);
  await db.schema
    .alterTable('alerts')
    .alterColumn('condition_kind', (column) => column.setNotNull())
    .execute();
  await db.schema
    .alterTable('alerts')
    .addCheckConstraint(
      'alerts_condition_kind',
      sql`condition_kind in ('volume', 'spike', 'negative_share', 'notable_post', 'new_term')`,
    )
    .execute();
}
