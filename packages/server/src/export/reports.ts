import {
  DEFAULT_PALETTE,
  filterLines,
  rangeText,
  valueLabels,
  type ChartSnapshot,
  type DocumentFormat,
  type ExportTemplate,
  type Report,
  type ReportSummary,
  type SaveReportRequest,
  type SiteSettings,
} from '@yuqing/core';
import { adminOnlyPages, madeFromReadablePage, menuPagesFor } from '../auth/dashboard-access.js';
import { forbidden, notFound } from '../refusals.js';
import { publishedPage } from '../search/published-page.js';
import type { SearchRunner } from '../search/searcher.js';
import type { ProjectRecord, ReportRow, Store } from '../store/index.js';
import { exportPageOf, loadPageResults, ownerName } from './export-page.js';
import type { ExportMember, Exports } from './exports.js';

type CreateRequest = Exclude<SaveReportRequest, { id: string }>;
type UpdateRequest = Extract<SaveReportRequest, { id: string }>;

/** The site colours a report's charts draw with: its theme's. */
export function reportSite(report: Pick<Report, 'theme'>): SiteSettings {
  return {
    colors: report.theme.colors,
    colorMap: report.theme.colorMap,
    primaryColor: report.theme.primaryColor,
    hideSubjectName: false,
  };
}

/** A report as the API answers it. */
export function presentReport(row: ReportRow, project: ProjectRecord): Report {
  return {
    id: row.id,
    title: row.title,
    desc: row.description,
    header_text: row.header_text,
    header_img: row.header_img,
    logo_img: row.logo_img,
    theme: row.theme,
    repository: project.repository,
    customer: project.customerCode,
    project: project.code,
    charts: row.charts,
    aggsData: row.aggs_data,
    chart_source: row.chart_source,
    published: row.published,
    author: row.author_name,
    created: row.created_at.getTime(),
    updated: row.updated_at.getTime(),
  };
}

/**
 * Reports: made from a published page under a query with every widget's data snapshotted, so a
 * report does not change when posts arrive; edited by their author or a project admin.
 */
export class Reports {
  constructor(private readonly deps: { store: Store; runner: SearchRunner; exports: Exports }) {}

  async create(
    member: ExportMember & { userName: string },
    request: CreateRequest,
  ): Promise<Report> {
    const page = await publishedPage(this.deps.store, member, request.page, request.version);
    const now = request.now ?? Date.now();
    const results = await loadPageResults(
      this.deps.runner,
      member.project,
      page,
      request.query,
      now,
    );
    const aggsData: Record<string, ChartSnapshot> = {};
    for (const chart of page.charts) {
      const result = results[chart.i];
      aggsData[chart.i] = {
        top_text: '',
        footer_text: '',
        ...(result && ('error' in result ? { error: result.error } : { data: result.data })),
      };
    }
    const timeZone = member.project.profile.timezone;
    const row = await this.deps.store.reports.create({
      projectId: member.project.id,
      subjectId: member.subject?.id ?? '',
      title: request.title,
      desc: request.desc,
      header_text: request.header_text,
      header_img: await this.ownImage(member.project.id, request.header_img),
      logo_img: await this.ownImage(member.project.id, request.logo_img),
      theme: {
        ...request.theme,
        colors: request.theme.colors.length ? request.theme.colors : page.dashboard.site.colors,
        colorMap: request.theme.colorMap.length
          ? request.theme.colorMap
          : page.dashboard.site.colorMap,
      },
      charts: page.charts,
      aggsData,
      chartSource: {
        page: request.page,
        ...(request.version !== undefined && { version: request.version }),
        query: request.query,
        now,
        range: rangeText(request.query, timeZone),
        filters: filterLines(request.query, valueLabels(member.project.profile)),
      },
      pageAdminOnly: adminOnlyPages(page.dashboard).has(request.page),
      author: { id: member.userId, name: member.userName },
    });
    return presentReport(row, member.project);
  }

  /**
   * A report of the member's project (or subject) whose page the member may read (a report shows
   * no one what its page would not); 404 for any other.
   */
  async find(member: ExportMember, id: string): Promise<ReportRow> {
    const row = await this.deps.store.reports.find(id);
    if (
      !row ||
      row.project_id !== member.project.id ||
      row.subject_id !== (member.subject?.id ?? '') ||
      !madeFromReadablePage(await this.pagesOf(member), row.chart_source.page, row.page_admin_only)
    )
      throw notFound('报告不存在');
    return row;
  }

  /** The member's project's (or subject's) reports whose pages the member may read. */
  async list(member: ExportMember): Promise<ReportSummary[]> {
    return this.deps.store.reports.list(
      member.project.id,
      member.subject?.id ?? '',
      await this.pagesOf(member),
    );
  }

  /** The pages of the newest published dashboard a member reads; undefined for an admin. */
  private async pagesOf(member: ExportMember) {
    if (member.role === 'admin') return undefined;
    const published = await this.deps.store.dashboards.published({
      projectId: member.project.id,
      subjectId: member.subject?.id ?? '',
    });
    return menuPagesFor(published?.dashboard, member.role);
  }

  /** A report the member may change: their own, or any as a project admin. */
  async editable(member: ExportMember, id: string): Promise<ReportRow> {
    const row = await this.find(member, id);
    if (member.role !== 'admin' && row.author_id !== member.userId)
      throw forbidden('只有报告的创建人或项目管理员可以修改该报告');
    return row;
  }

  async update(member: ExportMember, request: UpdateRequest): Promise<Report> {
    const row = await this.editable(member, request.id);
    const aggsData = { ...row.aggs_data };
    for (const [id, texts] of Object.entries(request.aggsText)) {
      const snapshot = aggsData[id];
      if (!snapshot) throw notFound(`aggsText.${id}: 报告中没有该图表`);
      aggsData[id] = { ...snapshot, ...texts };
    }
    const updated = await this.deps.store.reports.update(
      row.id,
      {
        title: request.title,
        desc: request.desc,
        header_text: request.header_text,
        header_img: await this.ownImage(member.project.id, request.header_img),
        logo_img: await this.ownImage(member.project.id, request.logo_img),
        theme: request.theme,
      },
      aggsData,
    );
    return presentReport(updated!, member.project);
  }

  /** A report as a deck, a brief or a PDF, drawn from its snapshot; answers the file's id. */
  async export(member: ExportMember, id: string, format: DocumentFormat): Promise<string> {
    const row = await this.find(member, id);
    const report = presentReport(row, member.project);
    const page = exportPageOf({
      projectName: ownerName(member.project, member.subject),
      pageTitle: report.title,
      project: member.project,
      site: reportSite(report),
      charts: report.charts,
      results: Object.fromEntries(
        Object.entries(report.aggsData).map(([chartId, snapshot]) => [
          chartId,
          snapshot.error !== undefined ? { error: snapshot.error } : { data: snapshot.data },
        ]),
      ),
      texts: report.aggsData,
      query: report.chart_source.query,
      now: report.chart_source.now,
      template: reportTemplate(report, member.project),
    });
    return this.deps.exports.saveDocument(format, member, page, { report: id });
  }

  /** An image id only if it is one of the project's report images. */
  private async ownImage(projectId: string, id: string | null): Promise<string | null> {
    if (id === null) return null;
    if (!(await this.deps.store.reports.image(projectId, id))) throw notFound(`图片 ${id} 不存在`);
    return id;
  }
}

/** The look a report's deck or brief takes: its theme's colours. */
function reportTemplate(report: Report, project: ProjectRecord): ExportTemplate {
  const hex = (color: string) => color.replace(/^#/, '').toUpperCase();
  return {
    id: 'report',
    name: report.title,
    colors: (report.theme.colors.length ? report.theme.colors : DEFAULT_PALETTE).map(hex),
    accent: hex(report.theme.primaryColor ?? project.profile.primaryColor),
    background: 'FFFFFF',
    builtIn: true,
  };
}
