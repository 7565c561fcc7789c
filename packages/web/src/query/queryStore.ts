import {
  addFilterValue,
  baseQuery,
  type ChartViewOptions,
  type DateRange,
  type FilterChip,
  type FilterField,
  type QueryState,
} from '@yuqing/core';
import { create } from 'zustand';

export interface OpenedPage {
  key: string;
  at: number;
}

/** The query state of the open dashboard page (spec 3 and 4), with its actions. */
export interface QueryStore {
  query: QueryState;
  /** What resetQuery restores: the page's defaults, resolved when the page opened. */
  defaults: QueryState;
  /** Which page the query belongs to, and when it was opened (resolves relative ranges). */
  opened: OpenedPage;
  /** Opens a page: its defaults, and the state to show (from the URL, or the defaults). */
  open(defaults: QueryState, state?: QueryState, opened?: OpenedPage): void;
  /** The page is no longer on screen (its query stays until another page opens). */
  leave(key: string): void;
  resetQuery(): void;
  setRange(range: DateRange): void;
  setQ(q: string): void;
  /** Sets a field's selection; an empty list clears it (spec 5: empty values are dropped). */
  setField(field: FilterField, values: string[] | undefined): void;
  /** Sets several fields at once (the filter popover applies its four lists together). */
  setFields(values: Partial<Record<FilterField, string[] | undefined>>): void;
  toggleDenoise(): void;
  /** Drill-down from a chart: adds the value to the field's chip. */
  addFilter(field: FilterField, value: string): void;
  removeFilter(index: number): void;
  toggleExclude(index: number): void;
  toggleIgnore(index: number): void;
  setChartOptions(chartId: string, options: ChartViewOptions): void;
}

function updateChip(
  filters: FilterChip[],
  index: number,
  change: (chip: FilterChip) => FilterChip,
): FilterChip[] {
  return filters.map((chip, i) => (i === index ? change(chip) : chip));
}

export const useQueryStore = create<QueryStore>()((set) => {
  const modify = (change: (query: QueryState) => Partial<QueryState>) =>
    set(({ query }) => ({ query: { ...query, ...change(query), useModified: true } }));
  return {
    query: baseQuery(Date.now(), 'Asia/Shanghai'),
    defaults: baseQuery(Date.now(), 'Asia/Shanghai'),
    opened: { key: '', at: Date.now() },
    open: (defaults, state, opened = { key: '', at: Date.now() }) =>
      set({ defaults, query: state ?? defaults, opened }),
    leave: (key) =>
      set((current) =>
        current.opened.key === key ? { opened: { ...current.opened, key: '' } } : {},
      ),
    resetQuery: () => set(({ defaults }) => ({ query: defaults })),
    setRange: ({ start, end }) => modify(() => ({ start, end })),
    setQ: (q) => modify(() => ({ q: q.trim() })),
    setField: (field, values) =>
      modify(() => ({ [field]: values && values.length > 0 ? values : undefined })),
    setFields: (values) =>
      modify(() =>
        Object.fromEntries(
          Object.entries(values).map(([field, list]) => [
            field,
            list && list.length > 0 ? list : undefined,
          ]),
        ),
      ),
    toggleDenoise: () => modify((query) => ({ denoise: query.denoise === 'NO' ? '' : 'NO' })),
    addFilter: (field, value) =>
      modify((query) => ({ filters: addFilterValue(query.filters, field, value) })),
    removeFilter: (index) =>
      modify((query) => ({ filters: query.filters.filter((_, i) => i !== index) })),
    toggleExclude: (index) =>
      modify((query) => ({
        // The exclude action is disabled while a chip is ignored (spec 4).
        filters: updateChip(query.filters, index, (chip) =>
          chip.ignore ? chip : { ...chip, exclude: !chip.exclude },
        ),
      })),
    toggleIgnore: (index) =>
      modify((query) => ({
        filters: updateChip(query.filters, index, (chip) => ({ ...chip, ignore: !chip.ignore })),
      })),
    setChartOptions: (chartId, options) =>
      modify((query) => ({
        chartOptions: {
          ...query.chartOptions,
          [chartId]: { ...query.chartOptions[chartId], ...options },
        },
      })),
  };
});
