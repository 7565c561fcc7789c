import { z } from 'zod';
import { chart } from '../dashboard/chart.js';
import { queryState } from '../dashboard/query-state.js';
import { versionNumber } from '../manage/draft.js';
import { hexColor } from '../project.js';
import { DOCUMENT_FORMATS } from './export.js';

/** A report's look (spec 3, Report.theme): series colours, named colours, the page background. */
export const reportTheme = z.object({
  colors: z.array(hexColor).max(20).default([]),
  colorMap: z
    .array(z.object({ name: z.string().max(100), value: hexColor }))
    .max(50)
    .default([]),
  bgColor: hexColor.default('#F5F7FA'),
  /** Title bar and headings. */
  primaryColor: hexColor.optional(),
});
export type ReportTheme = z.infer<typeof reportTheme>;

/** A saved theme of a project, or a built-in one (`builtIn`, not deletable). */
export const namedTheme = z.object({
  id: z.string(),
  name: z.string(),
  builtIn: z.boolean(),
  theme: reportTheme,
});
export type NamedTheme = z.infer<typeof namedTheme>;

export const saveThemeRequest = z.object({
  name: z.string().trim().min(1, '请输入主题名称').max(50),
  theme: reportTheme,
});
export type SaveThemeRequest = z.infer<typeof saveThemeRequest>;

const text = (max: number) => z.string().max(max).default('');

/** One chart's snapshot (spec 3, Report.aggsData): its texts and its data when the report was made. */
export const chartSnapshot = z.object({
  top_text: text(5000),
  footer_text: text(5000),
  /** The widget's data as page_data gave it; absent for widgets without data or that failed. */
  data: z.unknown().optional(),
  /** Why the widget had no data when the report was made. */
  error: z.string().optional(),
});
export type ChartSnapshot = z.infer<typeof chartSnapshot>;

/** Where a report's charts and data came from (spec 3, Report.chart_source). */
export const chartSource = z.object({
  page: z.string(),
  version: z.number().optional(),
  query: queryState,
  now: z.number(),
  /** The time range in the project's zone, and the applied filters written out. */
  range: z.string(),
  filters: z.array(z.string()),
});
export type ChartSource = z.infer<typeof chartSource>;

/** An image id of the project's report images (`GET /report/imgs/{id}`). */
const imageId = z.string().uuid('图片 ID 无效');

/** The spec's Report entity as the API answers it. */
export const report = z.object({
  id: z.string(),
  title: z.string(),
  desc: z.string(),
  header_text: z.string(),
  header_img: imageId.nullable(),
  logo_img: imageId.nullable(),
  theme: reportTheme,
  repository: z.string(),
  customer: z.string(),
  project: z.string(),
  charts: z.array(chart),
  aggsData: z.record(z.string(), chartSnapshot),
  chart_source: chartSource,
  published: z.boolean(),
  author: z.string(),
  created: z.number(),
  updated: z.number(),
});
export type Report = z.infer<typeof report>;

export const reportSummary = report
  .pick({
    id: true,
    title: true,
    desc: true,
    published: true,
    author: true,
    created: true,
    updated: true,
  })
  .extend({
    /** The page it was made from (its chart source's). */
    page: z.string(),
  });
export type ReportSummary = z.infer<typeof reportSummary>;

const reportFields = {
  title: z.string().trim().min(1, '请输入报告标题').max(100),
  desc: text(2000),
  header_text: text(2000),
  header_img: imageId.nullable().default(null),
  logo_img: imageId.nullable().default(null),
  theme: reportTheme.default({ colors: [], colorMap: [], bgColor: '#F5F7FA' }),
};

/**
 * `POST /report`: a new report from a published page under a query (its charts and their data
 * snapshotted), or, with `id`, an update of a report's texts, images and theme; its charts'
 * texts are updated by `aggsText`, its data never changes.
 */
export const saveReportRequest = z.union([
  z.object({
    ...reportFields,
    page: z.string().min(1).max(64),
    version: versionNumber.optional(),
    query: queryState,
    now: z.number().int().min(0).max(8_640_000_000_000_000).optional(),
  }),
  z.object({
    id: z.string().uuid('报告 ID 无效'),
    ...reportFields,
    aggsText: z
      .record(
        z.string().max(64),
        z.object({ top_text: z.string().max(5000), footer_text: z.string().max(5000) }),
      )
      .default({}),
  }),
]);
export type SaveReportRequest = z.infer<typeof saveReportRequest>;
export type SaveReportRequestInput = z.input<typeof saveReportRequest>;

export const reportId = z.object({ id: z.string().uuid('报告 ID 无效') });

export const publishReportRequest = reportId.extend({ published: z.boolean().default(true) });

/** `POST /report/export`: a report as a deck, a Word brief or a PDF, from its snapshot. */
export const exportReportRequest = reportId.extend({ format: z.enum(DOCUMENT_FORMATS) });

/** Images a report may show (spec: types and size checked). */
export const REPORT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const REPORT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** `POST /report/imgs`: one image as a data URL. */
export const uploadImageRequest = z.object({
  name: z.string().trim().min(1).max(200),
  data: z
    .string()
    .max(Math.ceil((REPORT_IMAGE_MAX_BYTES * 4) / 3) + 100, '图片不能超过 2 MB')
    .regex(/^data:[\w/+.-]+;base64,[A-Za-z0-9+/=]+$/, '图片须为 base64 数据 URL'),
});

export const reportImage = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(REPORT_IMAGE_TYPES),
  size: z.number(),
  created: z.number(),
});
export type ReportImage = z.infer<typeof reportImage>;

export const deleteImagesRequest = z.object({ ids: z.array(imageId).min(1).max(100) });

/** Days a share link stays valid unless asked otherwise, and the longest. */
export const SHARE_DEFAULT_DAYS = 7;
export const SHARE_MAX_DAYS = 365;

export const shareReportRequest = reportId.extend({
  days: z.number().int().min(1).max(SHARE_MAX_DAYS).default(SHARE_DEFAULT_DAYS),
});

/** A share link as members see it (the token itself only when it is made). */
export const reportShare = z.object({
  id: z.string(),
  /** Who made the link. */
  author: z.string(),
  created: z.number(),
  expires: z.number(),
  revoked: z.boolean(),
  views: z.number(),
  lastViewed: z.number().optional(),
});
export type ReportShare = z.infer<typeof reportShare>;

export const newShare = reportShare.extend({
  /** The web address that opens the report alone; shown once. */
  url: z.string(),
});
export type NewShare = z.infer<typeof newShare>;

export const revokeShareRequest = z.object({ id: z.string().uuid('分享 ID 无效') });

/** What a share link opens: the report alone, and the project's name. */
export const sharedReport = z.object({
  report,
  projectName: z.string(),
  /** The project's zone: the charts' times read as the members see them. */
  timeZone: z.string(),
});
export type SharedReport = z.infer<typeof sharedReport>;
