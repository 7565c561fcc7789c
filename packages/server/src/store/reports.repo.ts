import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  Chart,
  ChartSnapshot,
  ChartSource,
  NamedTheme,
  ReportImage,
  ReportShare,
  ReportSummary,
  ReportTheme,
} from '@yuqing/core';
import type { Database, ReportSharesTable, ReportsTable } from './schema.js';

export type ReportRow = Selectable<ReportsTable>;

/** What a report's author writes; charts and data only when it is made. */
export interface ReportTexts {
  title: string;
  desc: string;
  header_text: string;
  header_img: string | null;
  logo_img: string | null;
  theme: ReportTheme;
}

export interface NewReport extends ReportTexts {
  projectId: string;
  subjectId: string;
  charts: Chart[];
  aggsData: Record<string, ChartSnapshot>;
  chartSource: ChartSource;
  author: { id: string; name: string };
}

const summaryOf = (row: ReportRow): ReportSummary => ({
  id: row.id,
  title: row.title,
  desc: row.description,
  published: row.published,
  author: row.author_name,
  created: row.created_at.getTime(),
  updated: row.updated_at.getTime(),
});

const shareOf = (row: Selectable<ReportSharesTable>): ReportShare => ({
  id: row.id,
  author: row.author_name,
  created: row.created_at.getTime(),
  expires: row.expires_at.getTime(),
  revoked: row.revoked_at !== null,
  views: row.views,
  lastViewed: row.last_viewed_at?.getTime(),
});

/** Reports, their images, the project's report themes and share links. */
export class ReportsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async create(report: NewReport): Promise<ReportRow> {
    return this.db
      .insertInto('reports')
      .values({
        project_id: report.projectId,
        subject_id: report.subjectId,
        title: report.title,
        description: report.desc,
        header_text: report.header_text,
        header_img: report.header_img,
        logo_img: report.logo_img,
        theme: JSON.stringify(report.theme),
        charts: JSON.stringify(report.charts),
        aggs_data: JSON.stringify(report.aggsData),
        chart_source: JSON.stringify(report.chartSource),
        author_id: report.author.id,
        author_name: report.author.name,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A report's texts, images and theme, and its charts' texts (snapshots keep their data). */
  async update(
    id: string,
    texts: ReportTexts,
    aggsData: Record<string, ChartSnapshot>,
  ): Promise<ReportRow | undefined> {
    return this.db
      .updateTable('reports')
      .set({
        title: texts.title,
        description: texts.desc,
        header_text: texts.header_text,
        header_img: texts.header_img,
        logo_img: texts.logo_img,
        theme: JSON.stringify(texts.theme),
        aggs_data: JSON.stringify(aggsData),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async setPublished(id: string, published: boolean): Promise<ReportRow | undefined> {
    return this.db
      .updateTable('reports')
      .set({ published, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async find(id: string): Promise<ReportRow | undefined> {
    return this.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async list(projectId: string, subjectId: string): Promise<ReportSummary[]> {
    const rows = await this.db
      .selectFrom('reports')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('subject_id', '=', subjectId)
      .orderBy('updated_at', 'desc')
      .limit(500)
      .execute();
    return rows.map(summaryOf);
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('reports').where('id', '=', id).execute();
  }

  async addImage(
    projectId: string,
    image: { name: string; type: ReportImage['type']; bytes: Uint8Array },
  ): Promise<ReportImage> {
    const row = await this.db
      .insertInto('report_images')
      .values({
        project_id: projectId,
        name: image.name,
        type: image.type,
        bytes: image.bytes,
        size: image.bytes.byteLength,
      })
      .returning(['id', 'name', 'type', 'size', 'created_at'])
      .executeTakeFirstOrThrow();
    return { ...row, created: row.created_at.getTime() };
  }

  async images(projectId: string): Promise<ReportImage[]> {
    const rows = await this.db
      .selectFrom('report_images')
      .select(['id', 'name', 'type', 'size', 'created_at'])
      .where('project_id', '=', projectId)
      .orderBy('created_at', 'desc')
      .limit(500)
      .execute();
    return rows.map(({ created_at, ...row }) => ({ ...row, created: created_at.getTime() }));
  }

  async image(projectId: string, id: string) {
    return this.db
      .selectFrom('report_images')
      .select(['type', 'bytes'])
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async removeImages(projectId: string, ids: readonly string[]): Promise<void> {
    await this.db
      .deleteFrom('report_images')
      .where('project_id', '=', projectId)
      .where('id', 'in', ids)
      .execute();
  }

  async themes(projectId: string): Promise<NamedTheme[]> {
    const rows = await this.db
      .selectFrom('report_themes')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({ id: row.id, name: row.name, builtIn: false, theme: row.theme }));
  }

  /** Saves a theme by name (the same name replaces it). */
  async saveTheme(projectId: string, name: string, theme: ReportTheme): Promise<NamedTheme> {
    const row = await this.db
      .insertInto('report_themes')
      .values({ project_id: projectId, name, theme: JSON.stringify(theme) })
      .onConflict((oc) =>
        oc.columns(['project_id', 'name']).doUpdateSet({ theme: JSON.stringify(theme) }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return { id: row.id, name: row.name, builtIn: false, theme: row.theme };
  }

  async removeTheme(projectId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('report_themes')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async addShare(share: {
    reportId: string;
    tokenHash: string;
    author: { id: string; name: string };
    expiresAt: Date;
  }): Promise<ReportShare> {
    const row = await this.db
      .insertInto('report_shares')
      .values({
        report_id: share.reportId,
        token_hash: share.tokenHash,
        author_id: share.author.id,
        author_name: share.author.name,
        expires_at: share.expiresAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return shareOf(row);
  }

  async shares(reportId: string): Promise<ReportShare[]> {
    const rows = await this.db
      .selectFrom('report_shares')
      .selectAll()
      .where('report_id', '=', reportId)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(shareOf);
  }

  async share(id: string) {
    return this.db.selectFrom('report_shares').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async revokeShare(id: string): Promise<void> {
    await this.db
      .updateTable('report_shares')
      .set({ revoked_at: new Date() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** The share of a token and its report, whatever its state (the caller judges it). */
  async shareByToken(tokenHash: string) {
    return this.db
      .selectFrom('report_shares')
      .innerJoin('reports', 'reports.id', 'report_shares.report_id')
      .select([
        'report_shares.id as share_id',
        'report_shares.expires_at',
        'report_shares.revoked_at',
        'reports.id as report_id',
        'reports.published',
      ])
      .where('report_shares.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async countView(shareId: string): Promise<void> {
    await this.db
      .updateTable('report_shares')
      .set({ views: sql`views + 1`, last_viewed_at: new Date() })
      .where('id', '=', shareId)
      .execute();
  }
}
