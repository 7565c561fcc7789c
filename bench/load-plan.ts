import {
  pageQuery,
  type Dashboard,
  type FilterChip,
  type PageDataRequestInput,
} from '@yuqing/core';

/** One page a viewer opens, and its one page_data body, as the web writes it. */
export interface PlannedVisit {
  page: string;
  /** The viewer changed a filter before the page's data was asked: its answers are misses. */
  changed: boolean;
  /** The body when the page opens at `now` (the web's clock): its query is resolved then. */
  bodyAt(now: number): PageDataRequestInput;
}

/** Chips a viewer adds from the popover or by clicking a chart. */
const CHIPS: FilterChip[] = [
  { field: 'media_platform', value: ['微博'], exclude: false, ignore: false },
  { field: 'tendency', value: ['负面'], exclude: false, ignore: false },
  { field: 'province', value: ['广东', '北京'], exclude: false, ignore: false },
];

const MINUTE = 60_000;

/**
 * The pages a viewer's menu leads to, in menu order: items shown, with a page of widgets (an
 * AI report asks no page_data). `dashboard` is the one the viewer was sent, without the pages of
 * admins' items.
 */
export function menuPages(dashboard: Dashboard): string[] {
  return dashboard.menu
    .filter((item) => item.show && !item.isAiReport)
    .map((item) => item.key)
    .filter((key) => (dashboard.pages[key]?.charts.length ?? 0) > 0);
}

/**
 * What `viewer` asks over `visits` page visits: the menu's pages in turn from the first, each
 * opened as the web opens it, with the page's default query resolved when it opens. A viewer who
 * changes filters opens each page with a date range nobody asked before (its start a few minutes
 * earlier), every other one with a chip as well, so that all its answers are cache misses.
 */
export function viewerVisits(options: {
  viewer: number;
  visits: number;
  changesFilters: boolean;
  dashboard: Dashboard;
  version: number | null;
  timeZone: string;
}): PlannedVisit[] {
  const { viewer, visits, changesFilters, dashboard, version, timeZone } = options;
  const pages = menuPages(dashboard);
  return Array.from({ length: visits }, (_, visit) => {
    const page = pages[visit % pages.length]!;
    const bodyAt = (now: number) => {
      const query = pageQuery(dashboard.pages[page]!, now, timeZone);
      if (changesFilters) {
        query.start -= (viewer * visits + visit + 1) * MINUTE;
        if (visit % 2 === 1) query.filters = [CHIPS[(visit >> 1) % CHIPS.length]!];
      }
      return { page, ...(version !== null && { version }), query, now };
    };
    return { page, changed: changesFilters, bodyAt };
  });
}
