import { sql, type Kysely } from 'kysely';

/**
 * Report images and saved themes belong to who made them (`owner_id`: they, or a project admin,
 * may change or delete them; a deleted account leaves them to admins), and count towards that
 * member's and the project's quotas (`report_themes.size`: the theme's JSON bytes). An image an
 * existing report shows goes to that report's author when only one author shows it; other
 * earlier images and themes have no owner.
 *
 * `reports.page_admin_only`: the report's page was an admin-visible menu item when it was made,
 * which keeps the report from non-admins once the menu no longer names the page. Earlier reports
 * take it from every published version of their dashboard.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('report_images')
    .addColumn('owner_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('report_images_owner')
    .on('report_images')
    .columns(['project_id', 'owner_id'])
    .execute();
  await sql`
    update report_images set owner_id = owners.author_id
    from (
      select img, (array_agg(distinct author_id))[1] as author_id
      from (
        select header_img as img, author_id from reports
          where header_img is not null and author_id is not null
        union
        select logo_img, author_id from reports
          where logo_img is not null and author_id is not null
      ) shown
      group by img
      having count(distinct author_id) = 1
    ) owners
    where report_images.id = owners.img`.execute(db);

  await db.schema
    .alterTable('report_themes')
    .addColumn('owner_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update report_themes set size = octet_length(theme::text)`.execute(db);

  await db.schema
    .alterTable('reports')
    .addColumn('page_admin_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`
    update reports set page_admin_only = true
    where exists (
      select 1
      from dashboard_versions v
        cross join lateral jsonb_array_elements(coalesce(v.content -> 'menu', '[]'::jsonb)) item
      where v.project_id = reports.project_id
        and v.subject_id = reports.subject_id
        and item ->> 'key' = reports.chart_source ->> 'page'
        and item ->> 'adminVisible' = 'true'
    )`.execute(db);
}
