import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboard, reportTheme } from '@yuqing/core';
import { buildProject, buildUser } from '../../test/factories.js';
import { openDatabase } from './database.js';
import { DashboardsRepo } from './dashboards.repo.js';
import type { Store } from './index.js';
import { up as migrateReportOwners } from './migrations/015-report-owners.js';
import { ReportsRepo } from './reports.repo.js';
import type { Database } from './schema.js';
import { TenancyRepo } from './tenancy.repo.js';
import { UsersRepo } from './users.repo.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('reports in the store', () => {
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  let store: Store;
  let reports: ReportsRepo;

  beforeAll(async () => {
    ({ db, close } = await openDatabase({ dataDir: 'memory://' }));
    reports = new ReportsRepo(db);
    store = {
      tenancy: new TenancyRepo(db),
      users: new UsersRepo(db),
      dashboards: new DashboardsRepo(db),
    } as unknown as Store;
  }, 60_000);
  afterAll(() => close());

  it('migration 015 gives earlier images to the one author showing them, and marks reports of admin-only pages', async () => {
    const project = await buildProject(store);
    const [ann, bob] = [await buildUser(store, { project }), await buildUser(store, { project })];
    const image = () =>
      reports.addImage(
        project.id,
        ann!.id,
        { name: 'a.png', type: 'image/png', bytes: PNG },
        () => {},
      );
    const [annsOnly, shared, unused] = [await image(), await image(), await image()];
    const report = (author: string, page: string, header: string | null, logo: string | null) =>
      reports.create({
        projectId: project.id,
        subjectId: '',
        title: page,
        desc: '',
        header_text: '',
        header_img: header,
        logo_img: logo,
        theme: reportTheme.parse({}),
        charts: [],
        aggsData: {},
        chartSource: {
          page,
          query: {} as never,
          now: 0,
          range: '',
          filters: [],
        },
        pageAdminOnly: false,
        author: { id: author, name: author },
      });
    const audit = await report(ann!.id, 'audit', annsOnly.id, shared.id);
    const overview = await report(bob!.id, 'overview', null, shared.id);
    const archived = await report(bob!.id, 'archived', null, null);
    await reports.saveTheme(project.id, ann!.id, '红', reportTheme.parse({}), () => {});
    // 'audit' is admin-only in the newest version, 'archived' was in an earlier one only.
    const key = { projectId: project.id, subjectId: '' };
    const publish = async (menu: object[], revision: number) => {
      await store.dashboards.saveDraft(key, dashboard.parse({ menu }), revision, null);
      await store.dashboards.publish(key, null);
    };
    await publish([{ label: '归档', key: 'archived', path: '/archived', adminVisible: true }], 0);
    await publish(
      [
        { label: '概览', key: 'overview', path: '/overview' },
        { label: '审核', key: 'audit', path: '/audit', adminVisible: true },
      ],
      1,
    );

    // The tables as migration 014 left them.
    await sql`alter table report_images drop column owner_id`.execute(db);
    await sql`alter table report_themes drop column owner_id, drop column size`.execute(db);
    await sql`alter table reports drop column page_admin_only`.execute(db);
    await migrateReportOwners(db as Kysely<unknown>);

    const owners = await reports.imageOwners(project.id, [annsOnly.id, shared.id, unused.id]);
    expect(new Map(owners.map((row) => [row.id, row.owner_id]))).toEqual(
      new Map([
        [annsOnly.id, ann!.id],
        [shared.id, null],
        [unused.id, null],
      ]),
    );
    const flags = await db
      .selectFrom('reports')
      .select(['id', 'page_admin_only'])
      .where('project_id', '=', project.id)
      .execute();
    expect(new Map(flags.map((row) => [row.id, row.page_admin_only]))).toEqual(
      new Map([
        [audit.id, true],
        [overview.id, false],
        [archived.id, true],
      ]),
    );
    const theme = await db
      .selectFrom('report_themes')
      .select(['owner_id', 'size'])
      .where('project_id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(theme.owner_id).toBeNull();
    expect(theme.size).toBeGreaterThan(20);
  });
});
