import { setImmediate as turn } from 'node:timers/promises';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
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

/** How many images or themes, and their bytes in all. */
export interface QuotaUsage {
  count: number;
  bytes: number;
}

/** What one member stored of a kind in a project, and the project in all. */
export interface StoredUsage {
  user: QuotaUsage;
  project: QuotaUsage;
}

/**
 * Which reports a member may read by their pages: the page keys the newest published menu names,
 * and those of them the member may read. A page the menu does not name is read as it was when
 * the report was made (`page_admin_only`).
 */
export interface PageVisibility {
  inMenu: readonly string[];
  readable: readonly string[];
}

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
  /** Its page is an admin-visible menu item. */
  pageAdminOnly: boolean;
  author: { id: string; name: string };
}

const summaryOf = (row: ReportRow): ReportSummary => ({
  id: row.id,
  title: row.title,
  desc: row.description,
  page: row.chart_source.page,
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
        page_admin_only: report.pageAdminOnly,
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

  /** Publishes a report, or takes it back and revokes its share links (publishing again revives none). */
  async setPublished(id: string, published: boolean): Promise<ReportRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('reports')
        .set({ published, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (row && !published)
        await trx
          .updateTable('report_shares')
          .set({ revoked_at: new Date() })
          .where('report_id', '=', id)
          .where('revoked_at', 'is', null)
          .execute();
      return row;
    });
  }

  async find(id: string): Promise<ReportRow | undefined> {
    return this.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The reports of a project (or subject), newest first; with `pages`, those its reader may read. */
  async list(
    projectId: string,
    subjectId: string,
    pages?: PageVisibility,
  ): Promise<ReportSummary[]> {
    let query = this.db
      .selectFrom('reports')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('subject_id', '=', subjectId);
    if (pages) {
      const page = sql<string>`chart_source ->> 'page'`;
      query = query.where((eb) => {
        const unlisted = eb('page_admin_only', '=', false);
        return eb.or([
          ...(pages.readable.length ? [eb(page, 'in', [...pages.readable])] : []),
          pages.inMenu.length
            ? eb.and([eb(page, 'not in', [...pages.inMenu]), unlisted])
            : unlisted,
        ]);
      });
    }
    const rows = await query.orderBy('updated_at', 'desc').limit(500).execute();
    return rows.map(summaryOf);
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('reports').where('id', '=', id).execute();
  }

  /**
   * Stores an image of `ownerId` once `admit` (which throws to refuse) has seen what they and the
   * project hold; one upload of the project at a time, so two cannot both pass a quota.
   */
  async addImage(
    projectId: string,
    ownerId: string,
    image: { name: string; type: ReportImage['type']; bytes: Uint8Array },
    admit: (usage: StoredUsage) => void,
  ): Promise<ReportImage> {
    const pieces = piecesOf(image.bytes);
    return this.db.transaction().execute(async (trx) => {
      admit(await usageOf(trx, 'report_images', projectId, ownerId));
      const row = await trx
        .insertInto('report_images')
        .values({
          project_id: projectId,
          owner_id: ownerId,
          name: image.name,
          type: image.type,
          bytes: byteaOf(pieces[0]!),
          size: image.bytes.byteLength,
        })
        .returning(['id', 'name', 'type', 'size', 'created_at'])
        .executeTakeFirstOrThrow();
      for (const piece of pieces.slice(1)) {
        await turn();
        await trx
          .updateTable('report_images')
          .set({ bytes: sql<Uint8Array>`bytes || ${byteaOf(piece)}` })
          .where('id', '=', row.id)
          .execute();
      }
      return { ...row, created: row.created_at.getTime() };
    });
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
    const row = await this.db
      .selectFrom('report_images')
      .select(['type', sql<string>`encode(bytes, 'hex')`.as('hex')])
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { type: row.type, bytes: Buffer.from(row.hex, 'hex') };
  }

  /** Who uploaded each of these images of the project (those that exist). */
  async imageOwners(
    projectId: string,
    ids: readonly string[],
  ): Promise<{ id: string; owner_id: string | null }[]> {
    return this.db
      .selectFrom('report_images')
      .select(['id', 'owner_id'])
      .where('project_id', '=', projectId)
      .where('id', 'in', ids)
      .execute();
  }

  /** Deletes the project's images of `ids`; answers those it deleted. */
  async removeImages(
    projectId: string,
    ids: readonly string[],
  ): Promise<{ id: string; name: string }[]> {
    return this.db
      .deleteFrom('report_images')
      .where('project_id', '=', projectId)
      .where('id', 'in', ids)
      .returning(['id', 'name'])
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

  /**
   * Saves a theme of `ownerId` by name (the same name replaces it and keeps its owner) once
   * `admit` (which throws to refuse) has seen the theme it replaces and what the member and the
   * project hold; one save of the project at a time.
   */
  async saveTheme(
    projectId: string,
    ownerId: string,
    name: string,
    theme: ReportTheme,
    admit: (
      replaced: { owner_id: string | null; size: number } | undefined,
      usage: StoredUsage,
      size: number,
    ) => void,
  ): Promise<NamedTheme> {
    const json = JSON.stringify(theme);
    const size = Buffer.byteLength(json);
    return this.db.transaction().execute(async (trx) => {
      const usage = await usageOf(trx, 'report_themes', projectId, ownerId);
      const replaced = await trx
        .selectFrom('report_themes')
        .select(['owner_id', 'size'])
        .where('project_id', '=', projectId)
        .where('name', '=', name)
        .executeTakeFirst();
      admit(replaced, usage, size);
      const row = await trx
        .insertInto('report_themes')
        .values({ project_id: projectId, owner_id: ownerId, name, theme: json, size })
        .onConflict((oc) => oc.columns(['project_id', 'name']).doUpdateSet({ theme: json, size }))
        .returningAll()
        .executeTakeFirstOrThrow();
      return { id: row.id, name: row.name, builtIn: false, theme: row.theme };
    });
  }

  /** Who saved a theme of the project; undefined when there is no such theme. */
  async themeOwner(
    projectId: string,
    id: string,
  ): Promise<{ owner_id: string | null } | undefined> {
    return this.db
      .selectFrom('report_themes')
      .select('owner_id')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
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

/**
 * What `ownerId` and the whole project hold in `table`, read after taking the project's lock of
 * that table for the rest of the transaction.
 */
async function usageOf(
  trx: Transaction<Database>,
  table: 'report_images' | 'report_themes',
  projectId: string,
  ownerId: string,
): Promise<StoredUsage> {
  await sql`select pg_advisory_xact_lock(hashtext(${`${table}:${projectId}`}))`.execute(trx);
  const { rows } = await sql<{
    user_count: string;
    user_bytes: string;
    project_count: string;
    project_bytes: string;
  }>`select
      count(*) filter (where owner_id = ${ownerId}) as user_count,
      coalesce(sum(size) filter (where owner_id = ${ownerId}), 0) as user_bytes,
      count(*) as project_count,
      coalesce(sum(size), 0) as project_bytes
    from ${sql.table(table)} where project_id = ${projectId}`.execute(trx);
  const row = rows[0]!;
  return {
    user: { count: Number(row.user_count), bytes: Number(row.user_bytes) },
    project: { count: Number(row.project_count), bytes: Number(row.project_bytes) },
  };
}

/**
 * Bytes for a bytea column, sent as base64 text that the database decodes, and read back as hex
 * (`encode(bytes, 'hex')`): an embedded PGlite writes a byte array parameter out and parses its
 * bytea answers in JavaScript (in its worker thread now): 0.5 s to store a 2 MB image, 0.2 s to
 * read it, where the text ways take 30 and 11 ms.
 */
function byteaOf(bytes: Uint8Array) {
  const base64 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  return sql<Uint8Array>`decode(${base64}, 'base64')`;
}

/**
 * An image is stored a piece at a time, with a turn of the event loop between statements (an
 * embedded PGlite answers without one): 2 MB in one statement took 60 to 150 ms of the thread.
 */
const PIECE_BYTES = 256 * 1024;

function piecesOf(bytes: Uint8Array): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < bytes.byteLength || pieces.length === 0; at += PIECE_BYTES)
    pieces.push(bytes.subarray(at, at + PIECE_BYTES));
  return pieces;
}
