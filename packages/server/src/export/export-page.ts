import {
  filterLines,
  formatPostTime,
  planInput,
  rangeText,
  valueLabels,
  WIDGET_LABELS,
  type Chart,
  type PageData,
  type PageExportRequest,
  type QueryState,
  type SiteSettings,
} from '@yuqing/core';
import { userMessageOf } from '../refusals.js';
import type { ProjectRecord, SubjectRecord } from '../store/index.js';
import { loadPageData } from '../search/page-data.js';
import type { PublishedPage } from '../search/published-page.js';
import { bodySearch, type SearchRunner } from '../search/searcher.js';
import { figureOf, type Figure } from './figures.js';
import type { DrawnTemplate } from './templates.js';
import { xmlSafe } from './xml-text.js';

/** A page as every export format draws it: its title facts and its widgets' figures. */
export interface ExportPage {
  projectName: string;
  pageTitle: string;
  range: string;
  /** The applied filters, one per line. */
  filters: string[];
  /** When the export was made, in the project's zone. */
  madeAt: string;
  widgets: ExportWidget[];
  template: DrawnTemplate;
}

export interface ExportWidget {
  chart: Chart;
  title: string;
  /** A report's texts above and below the widget. */
  topText?: string;
  footerText?: string;
  figure: Figure;
}

/** Widgets in the order a reader meets them on the grid: rows top to bottom, then left to right. */
export const gridOrder = (charts: readonly Chart[]) =>
  [...charts].sort((a, b) => a.y - b.y || a.x - b.x);

/** The project or subject a page belongs to, as titles name it. */
export const ownerName = (project: ProjectRecord, subject: SubjectRecord | undefined) =>
  subject ? `${project.name} - ${subject.name}` : project.name;

/**
 * Every widget's result of a published page under a query, through the same widget catalog and
 * answer cache as page_data, so an exported or reported number is the dashboard's number.
 */
export function loadPageResults(
  runner: SearchRunner,
  project: ProjectRecord,
  page: PublishedPage,
  query: QueryState,
  now: number,
): Promise<PageData['widgets']> {
  const timeZone = project.profile.timezone;
  const controller = new AbortController();
  return loadPageData(
    page.charts,
    query,
    { now, timeZone },
    bodySearch(runner, { projectId: project.id, timeZone }, page.scope, controller.signal, {
      hits: 0,
      misses: 0,
    }),
    controller.signal,
    (error) => userMessageOf(error) ?? '组件数据加载失败',
  );
}

/** What an export is assembled from: a page's widgets and their results under a query. */
export interface ExportSource {
  projectName: string;
  pageTitle: string;
  project: ProjectRecord;
  site: SiteSettings;
  charts: readonly Chart[];
  results: PageData['widgets'];
  /** A report's texts above and below each widget, by widget id. */
  texts?: Record<string, { top_text: string; footer_text: string }>;
  query: QueryState;
  now: number;
  template: DrawnTemplate;
}

/**
 * The figures of every widget in grid order, and the title facts. Every text in it is as XML can
 * hold it (xml-text.ts): this is where posts' and reports' texts enter every deck, brief and
 * picture, whose XML a control character would break.
 */
export function exportPageOf(source: ExportSource): ExportPage {
  const timeZone = source.project.profile.timezone;
  const labels = valueLabels(source.project.profile);
  const context = { now: source.now, timeZone };
  const figureContext = { site: source.site, labels, timeZone };
  return xmlSafe({
    projectName: source.projectName,
    pageTitle: source.pageTitle,
    range: rangeText(source.query, timeZone),
    filters: filterLines(source.query, labels),
    madeAt: formatPostTime(Date.now(), timeZone).slice(0, 16),
    template: source.template,
    widgets: gridOrder(source.charts).map((chart) => ({
      chart,
      title: chart.title || chart.options.heading || WIDGET_LABELS[chart.type],
      topText: source.texts?.[chart.i]?.top_text,
      footerText: source.texts?.[chart.i]?.footer_text,
      figure: figureOf(
        chart,
        source.results[chart.i],
        planInput(chart, source.query, context),
        figureContext,
      ),
    })),
  });
}

/** A published page under the viewer's query, ready for every export format. */
export async function loadExportPage(
  runner: SearchRunner,
  member: { project: ProjectRecord; subject: SubjectRecord | undefined },
  page: PublishedPage,
  request: PageExportRequest,
  template: DrawnTemplate,
): Promise<ExportPage> {
  const now = request.now ?? Date.now();
  const results = await loadPageResults(runner, member.project, page, request.query, now);
  return exportPageOf({
    projectName: ownerName(member.project, member.subject),
    pageTitle: pageTitleOf(page, request.page),
    project: member.project,
    site: page.dashboard.site,
    charts: page.charts,
    results,
    query: request.query,
    now,
    template,
  });
}

/** A page's menu label, else its key. */
export const pageTitleOf = (page: PublishedPage, key: string) =>
  page.dashboard.menu.find((item) => item.key === key)?.label ?? key;
