import {
  chartRequest,
  pageQuery,
  resolveDatePreset,
  type ChartRequest,
  type Page,
  type QueryState,
} from '@yuqing/core';
import { demoDashboard } from '../packages/server/src/seed/demo-dashboard.js';

/** One POST /search a viewer makes, named for the report by what it asks. */
export interface PlannedSearch {
  name: string;
  body: ChartRequest;
}

/** Keyword expressions a viewer types into the query bar, common and rare, with OR and NOT. */
const KEYWORDS = ['续航', '星河S7 续航', '(售后 | 召回) -广告', '充电桩', '智能座舱', '降价'];
/** Chips a viewer adds from the popover or by clicking a chart. */
const CHIPS = [
  { field: 'media_platform', value: ['微博'] },
  { field: 'tendency', value: ['负面'] },
  { field: 'province', value: ['广东', '北京'] },
] as const;

/** A small deterministic generator, so every run asks the same requests. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/** What the report calls a request: the aggregation and, where it matters, what it groups. */
function nameOf(body: ChartRequest): string {
  const aggs = String(body.aggs);
  if (aggs === 'common_terms' || aggs === 'common_top5') {
    const field = String(body.field);
    if (field === 'province') return `${aggs} (province)`;
    return `${aggs} (${field.endsWith('_paths') ? '*_paths' : 'enumeration'})`;
  }
  if (aggs === 'common_trend' && body.series) return `${aggs} (series)`;
  if (aggs === 'common_articles_page' && body.q) return `${aggs} (keyword)`;
  return aggs;
}

/** Page size, sort and page the web's post widgets add to the widget's body. */
function withPaging(body: ChartRequest, type: string): ChartRequest {
  if (body.aggs === 'common_hot_posts')
    return { size: 10, sort: 'engagement_num desc', ...body, page: 0 };
  if (body.aggs !== 'common_articles_page') return body;
  const size = type === 'articles' ? 10 : 20;
  const sort = type === 'information' ? 'created desc' : (body.sort ?? 'created desc');
  return { size, ...body, sort, page: 0 };
}

/** The searches one visit of `page` makes at once: its widgets', its tree's counts, the compare. */
function visitSearches(page: Page, query: QueryState, now: number, timeZone: string) {
  const bodies: ChartRequest[] = [];
  for (const chart of page.charts) {
    if (!chart.aggs) continue;
    const body = withPaging(chartRequest(query, chart, { now, timeZone }), chart.type);
    bodies.push(body);
    // compare-bar asks the same for the period before; competing-list a second measure.
    if (chart.type === 'compare-bar' && typeof body.start === 'number') {
      const length = (body.end as number) - body.start;
      bodies.push({ ...body, start: body.start - length, end: body.start });
    }
    if (chart.type === 'competing-list') bodies.push({ ...body, value_type: 'engagement_num' });
  }
  const tree = page.leftTreeMenu;
  if (tree.show && tree.showBuzz) {
    // The tree's counts leave out its own selection (web: buzzRequest).
    const own = tree.customField ?? tree.field;
    const widget = { i: 'buzz', filter: [], defaultQuery: [], innerRequest: { field: own } };
    const body = chartRequest({ ...query, [own]: undefined }, widget, { now, timeZone });
    bodies.push({ ...body, aggs: 'common_all_topic' });
  }
  return bodies.map((body) => ({ name: nameOf(body), body }));
}

/**
 * What `viewer` asks over `count` searches: visits of the demo dashboard's pages, each page's
 * searches at once, as the web sends them. Most visits keep the page's default range (the last
 * 30 days, in the data's time `now`); some switch to the last 7 days, type a keyword or add a
 * chip. The last visit is cut to `count`.
 */
export function viewerPlan(
  viewer: number,
  count: number,
  now: number,
  timeZone: string,
): PlannedSearch[][] {
  const next = random(viewer * 7919 + 17);
  const pages = Object.values(demoDashboard.pages).filter((page) =>
    page.charts.some((chart) => chart.aggs),
  );
  const visits: PlannedSearch[][] = [];
  let planned = 0;
  for (let visit = 0; planned < count; visit++) {
    const page = pages[(viewer + visit) % pages.length]!;
    const query = pageQuery(page, now, timeZone);
    const variant = next();
    if (variant < 0.2) Object.assign(query, resolveDatePreset('last_7_days', now, timeZone));
    else if (variant < 0.4) query.q = KEYWORDS[Math.floor(next() * KEYWORDS.length)]!;
    else if (variant < 0.5) {
      const chip = CHIPS[Math.floor(next() * CHIPS.length)]!;
      query.filters = [{ ...chip, value: [...chip.value], exclude: false, ignore: false }];
    }
    const searches = visitSearches(page, query, now, timeZone).slice(0, count - planned);
    planned += searches.length;
    visits.push(searches);
  }
  return visits;
}
