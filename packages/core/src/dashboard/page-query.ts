import { resolveDatePreset } from './date-ranges.js';
import type { Page } from './page.js';
import { resolveDefaults } from './query-defaults.js';
import type { QueryState } from './query-state.js';

/** The state before any page defaults: today, nothing else (spec 4, resetQuery). */
export function baseQuery(now: number, timeZone: string): QueryState {
  const today = resolveDatePreset('today', now, timeZone);
  return {
    start: today.start,
    end: today.end,
    useModified: false,
    q: '',
    filters: [],
    denoise: '',
    chartOptions: {},
  };
}

/**
 * The query a page opens with: today, then the defaults of its query bar items (date range
 * preset, select and popover defaults), its tree menu's default paths, and finally its
 * defaultQuery list, which wins.
 */
export function pageQuery(page: Page, now: number, timeZone: string): QueryState {
  const query = baseQuery(now, timeZone);
  for (const item of page.filter) {
    if (item.type === 'date_range' && item.default)
      Object.assign(query, resolveDatePreset(item.default, now, timeZone));
    if (item.type === 'select' && item.default?.length) query[item.field] = item.default;
    if (item.type === 'popover')
      for (const definition of item.options)
        if (definition.default?.length) query[definition.field] = definition.default;
  }
  const tree = page.leftTreeMenu;
  if (tree.show && tree.default.length > 0)
    query[tree.customField ?? tree.field] = tree.multiple
      ? tree.default.slice(0, tree.max)
      : tree.default.slice(0, 1);

  const defaults = resolveDefaults(page.defaultQuery, now, timeZone);
  if (defaults.range) Object.assign(query, defaults.range);
  if (defaults.q !== undefined) query.q = defaults.q;
  if (defaults.denoise !== undefined) query.denoise = defaults.denoise;
  Object.assign(query, defaults.fields);
  return query;
}
