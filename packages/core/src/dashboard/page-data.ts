import { z } from 'zod';
import { versionNumber } from '../manage/draft.js';
import { chart } from './chart.js';
import { queryState } from './query-state.js';

/**
 * `POST /page_data`: every widget's data of one page under one query state. The page is named by
 * its key (the published dashboard, as the viewer sees it), or its widgets are sent as they are
 * being edited (project admins only).
 */
export const pageDataRequest = z
  .object({
    page: z.string().min(1).max(64).optional(),
    /** The published version the page is read from; the newest when absent. */
    version: versionNumber.optional(),
    widgets: z.array(chart).max(100).optional(),
    query: queryState,
    /** When the page was opened: resolves the widgets' own relative ranges. */
    now: z.number().int().min(0).max(8_640_000_000_000_000).optional(),
  })
  .refine((request) => (request.page === undefined) !== (request.widgets === undefined), {
    message: '须指定页面（page）或组件（widgets）之一',
    path: ['page'],
  });
export type PageDataRequest = z.infer<typeof pageDataRequest>;
export type PageDataRequestInput = z.input<typeof pageDataRequest>;

/** One widget's data, or why it has none; one widget's failure does not fail the page. */
export const widgetResult = z.union([
  z.object({ error: z.string() }),
  z.object({ data: z.unknown() }),
]);
export type WidgetResult = z.infer<typeof widgetResult>;

export const pageData = z.object({
  /** By widget id; widgets that show configured content only are absent. */
  widgets: z.record(z.string(), widgetResult),
  took: z.number(),
});
export type PageData = z.infer<typeof pageData>;
