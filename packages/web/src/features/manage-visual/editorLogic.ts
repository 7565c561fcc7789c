import {
  AGGREGATION_INFO,
  GRID_COLUMNS,
  WIDGET_LABELS,
  page as pageSchema,
  type Aggregation,
  type Chart,
  type Dashboard,
  type InnerRequest,
  type MenuItem,
  type Page,
  type WidgetType,
  widgetSpec,
} from '@yuqing/core';
import { currentT, type Translate } from '../../i18n/useT';

/* Pure editing steps on a dashboard draft: the store calls them, the tests check them. */

type Box = Pick<Chart, 'x' | 'y' | 'w' | 'h'>;

/** The first free row under every widget of the page. */
export function bottomOf(charts: readonly Box[]): number {
  return charts.reduce((bottom, chart) => Math.max(bottom, chart.y + chart.h), 0);
}

/** A new widget's box: full left, under everything, no wider than the grid. */
export function placeAtBottom(charts: readonly Box[], w: number, h: number): Box {
  return { x: 0, y: bottomOf(charts), w: Math.min(Math.max(1, w), GRID_COLUMNS), h };
}

/** A widget's place on the grid, as react-grid-layout reports it. */
export type LayoutBox = Box & { i: string };

/** The id react-grid-layout gives the placeholder of a widget dragged in from the palette. */
export const DROPPING_ID = '__dropping-elem__';

/** The charts moved to their boxes in a grid layout (charts it does not list stay put). */
export function moveToLayout(charts: readonly Chart[], layout: readonly LayoutBox[]): Chart[] {
  const boxes = new Map(layout.map((box) => [box.i, box]));
  return charts.map((chart) => {
    const box = boxes.get(chart.i);
    return box ? { ...chart, x: box.x, y: box.y, w: box.w, h: box.h } : chart;
  });
}

const ID_PATTERN = /^w(\d+)$/;

/** A widget id unused on every page of the dashboard: `w` and the next number. */
export function nextChartId(
  dashboard: Pick<Dashboard, 'pages'>,
  taken: Iterable<string> = [],
): string {
  let max = 0;
  const consider = (id: string) => {
    const match = ID_PATTERN.exec(id);
    if (match) max = Math.max(max, Number(match[1]));
  };
  for (const page of Object.values(dashboard.pages))
    for (const chart of page.charts) consider(chart.i);
  for (const id of taken) consider(id);
  return `w${max + 1}`;
}

/** Keeps only the request options the data source reads. */
export function requestFor(aggs: Aggregation | undefined, request: InnerRequest): InnerRequest {
  if (!aggs) return {};
  const allowed = new Set<string>(AGGREGATION_INFO[aggs].options);
  return Object.fromEntries(
    Object.entries(request).filter(([key, value]) => allowed.has(key) && value !== undefined),
  ) as InnerRequest;
}

/** A new widget of a type with the type's defaults, at the bottom of the page. */
export function newChart(type: WidgetType, id: string, charts: readonly Box[]): Chart {
  const defaults = widgetSpec(type);
  const aggs = defaults.sources[0];
  return {
    i: id,
    ...placeAtBottom(charts, defaults.size.w, defaults.size.h),
    type,
    ...(aggs && { aggs }),
    title: WIDGET_LABELS[type],
    titleHasIcon: false,
    style: {},
    options: { ...defaults.options },
    filter: [],
    defaultQuery: [],
    innerRequest: requestFor(aggs, defaults.innerRequest ?? {}),
  };
}

/** A copy of a widget under a new id, placed at the bottom of the page. */
export function copyChart(chart: Chart, id: string, charts: readonly Box[]): Chart {
  const copy = structuredClone(chart);
  return { ...copy, i: id, ...placeAtBottom(charts, chart.w, chart.h) };
}

/** A widget changed to another type: the data source follows when the old one cannot draw it. */
export function changeType(chart: Chart, type: WidgetType): Chart {
  const defaults = widgetSpec(type);
  const aggs =
    chart.aggs && defaults.sources.includes(chart.aggs) ? chart.aggs : defaults.sources[0];
  return {
    ...chart,
    type,
    aggs,
    innerRequest: requestFor(aggs, { ...defaults.innerRequest, ...chart.innerRequest }),
  };
}

export function emptyPage(): Page {
  return pageSchema.parse({});
}

/** `base`, or `base_2`, `base_3`... whichever is not taken. */
export function uniqueName(base: string, taken: ReadonlySet<string>, separator = '_'): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const name = `${base}${separator}${n}`;
    if (!taken.has(name)) return name;
  }
}

function takenKeys(dashboard: Dashboard): Set<string> {
  return new Set([...dashboard.menu.map((item) => item.key), ...Object.keys(dashboard.pages)]);
}

function takenPaths(dashboard: Dashboard): Set<string> {
  return new Set(dashboard.menu.map((item) => item.path));
}

/** A new menu item and its empty page, at the end of the menu. */
export function addPage(
  dashboard: Dashboard,
  t: Translate = currentT(),
): { dashboard: Dashboard; key: string } {
  // The new page's name is stored: it is written in the language of the admin who adds it.
  const keys = takenKeys(dashboard);
  let n = dashboard.menu.length + 1;
  while (keys.has(`page${n}`) || takenPaths(dashboard).has(`/page${n}`)) n++;
  const key = `page${n}`;
  const item: MenuItem = {
    label: t('新页面{n}', { n }),
    key,
    path: `/${key}`,
    default: false,
    isAiReport: false,
    show: true,
    adminVisible: false,
  };
  return {
    dashboard: {
      ...dashboard,
      menu: [...dashboard.menu, item],
      pages: { ...dashboard.pages, [key]: emptyPage() },
    },
    key,
  };
}

/** A copy of a page and its menu item, right after it, under a free key and path. */
export function copyPage(
  dashboard: Dashboard,
  key: string,
  t: Translate = currentT(),
): { dashboard: Dashboard; key: string } {
  const index = dashboard.menu.findIndex((item) => item.key === key);
  const item = dashboard.menu[index];
  if (!item) return { dashboard, key };
  const newKey = uniqueName(`${key}_copy`, takenKeys(dashboard));
  const path = uniqueName(
    `${item.path.replace(/\/+$/, '') || '/page'}-copy`,
    takenPaths(dashboard),
    '-',
  );
  const copy: MenuItem = {
    ...item,
    key: newKey,
    path,
    label: t('{label} 副本', { label: item.label }),

    default: false,
  };
  const menu = [...dashboard.menu];
  menu.splice(index + 1, 0, copy);
  const source = dashboard.pages[key] ?? emptyPage();
  return {
    dashboard: {
      ...dashboard,
      menu,
      pages: { ...dashboard.pages, [newKey]: structuredClone(source) },
    },
    key: newKey,
  };
}

/** Removes a page and its menu item. */
export function removePage(dashboard: Dashboard, key: string): Dashboard {
  const pages = { ...dashboard.pages };
  delete pages[key];
  return { ...dashboard, menu: dashboard.menu.filter((item) => item.key !== key), pages };
}

/**
 * Changes a menu item; a new key moves its page along (pages are keyed by menu key). Only one
 * item may be the default.
 */
export function updateMenuItem(
  dashboard: Dashboard,
  index: number,
  change: Partial<MenuItem>,
): Dashboard {
  const item = dashboard.menu[index];
  if (!item) return dashboard;
  const next = { ...item, ...change };
  const menu = dashboard.menu.map((other, i) =>
    i === index ? next : change.default ? { ...other, default: false } : other,
  );
  let pages = dashboard.pages;
  const shared = dashboard.menu.some((other, i) => i !== index && other.key === item.key);
  if (next.key !== item.key && next.key && !(next.key in pages) && !shared) {
    pages = Object.fromEntries(
      Object.entries(pages).map(([key, page]) => [key === item.key ? next.key : key, page]),
    );
  }
  return { ...dashboard, menu, pages };
}

/** Moves a menu item by `offset` places (up: -1, down: +1). */
export function moveMenuItem(dashboard: Dashboard, index: number, offset: number): Dashboard {
  const target = index + offset;
  if (target < 0 || target >= dashboard.menu.length) return dashboard;
  const menu = [...dashboard.menu];
  const [item] = menu.splice(index, 1);
  menu.splice(target, 0, item!);
  return { ...dashboard, menu };
}

/**
 * Adds a template's pages and their menu items to the draft. Keys, paths and names the draft
 * already uses are renamed (`key_2`, `/path-2`, `概览 2`); the draft keeps its default page and
 * site settings.
 */
export function mergeTemplate(
  dashboard: Dashboard,
  template: Dashboard,
): { dashboard: Dashboard; added: string[] } {
  const keys = takenKeys(dashboard);
  const paths = takenPaths(dashboard);
  const labels = new Set(dashboard.menu.map((item) => item.label));
  const menu = [...dashboard.menu];
  const pages = { ...dashboard.pages };
  const added: string[] = [];
  for (const item of template.menu) {
    const key = uniqueName(item.key, keys);
    const path = uniqueName(item.path, paths, '-');
    const label = uniqueName(item.label, labels, ' ');
    keys.add(key);
    paths.add(path);
    labels.add(label);
    menu.push({ ...item, key, path, label, default: false });
    pages[key] = structuredClone(template.pages[item.key] ?? emptyPage());
    added.push(key);
  }
  return { dashboard: { ...dashboard, menu, pages }, added };
}

/** The page shown first: the selected one if it still exists, else the default, else the first. */
export function pickPageKey(dashboard: Dashboard, wanted?: string): string | undefined {
  if (wanted && dashboard.menu.some((item) => item.key === wanted)) return wanted;
  return (dashboard.menu.find((item) => item.default) ?? dashboard.menu[0])?.key;
}
