import {
  filterLines,
  formatPostTime,
  planInput,
  rangeText,
  valueLabels,
  WIDGET_LABELS,
  type Chart,
  type ExportTemplate,
  type PageExportRequest,
} from '@yuqing/core';
import { HttpError } from '../errors.js';
import type { ProjectRecord, SubjectRecord } from '../store/index.js';
import { loadPageData } from '../search/page-data.js';
import type { PublishedPage } from '../search/published-page.js';
import { bodySearch, type SearchRunner } from '../search/searcher.js';
import { figureOf, type Figure } from './figures.js';

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
  template: ExportTemplate;
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

/**
 * Every widget of a published page under the viewer's query, through the same widget catalog and
 * answer cache as page_data, so an exported number is the dashboard's number.
 */
export async function loadExportPage(
  runner: SearchRunner,
  member: { project: ProjectRecord; subject: SubjectRecord | undefined },
  page: PublishedPage,
  request: PageExportRequest,
  template: ExportTemplate,
): Promise<ExportPage> {
  const { project, subject } = member;
  const timeZone = project.profile.timezone;
  const now = request.now ?? Date.now();
  const context = { now, timeZone };
  const scope = { projectId: project.id, timeZone };
  const controller = new AbortController();
  const data = await loadPageData(
    page.charts,
    request.query,
    context,
    bodySearch(runner, scope, page.scope, controller.signal, { hits: 0, misses: 0 }),
    controller.signal,
    (error) => (error instanceof HttpError ? error.message : '组件数据加载失败'),
  );
  const labels = valueLabels(project.profile);
  const menu = page.dashboard.menu.find((item) => item.key === request.page);
  const figureContext = { site: page.dashboard.site, labels, timeZone };
  return {
    projectName: subject ? `${project.name} - ${subject.name}` : project.name,
    pageTitle: menu?.label ?? request.page,
    range: rangeText(request.query, timeZone),
    filters: filterLines(request.query, labels),
    madeAt: formatPostTime(Date.now(), timeZone).slice(0, 16),
    template,
    widgets: gridOrder(page.charts).map((chart) => ({
      chart,
      title: chart.title || chart.options.heading || WIDGET_LABELS[chart.type],
      figure: figureOf(
        chart,
        data[chart.i],
        planInput(chart, request.query, context),
        figureContext,
      ),
    })),
  };
}
