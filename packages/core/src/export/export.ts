import { z } from 'zod';
import { versionNumber } from '../manage/draft.js';
import { queryState } from '../dashboard/query-state.js';
import type { WidgetType } from '../widgets/widget-types.js';

/** Spec 9: an Excel download of more posts than this becomes an offline job. */
export const OFFLINE_DOWNLOAD_THRESHOLD = 2000;

/** Days an export file is kept unless the server is configured otherwise. */
export const DEFAULT_RETENTION_DAYS = 7;

/** The most posts one file may hold (an offline job's upper bound). */
export const EXPORT_MAX_ROWS = 1_000_000;

/** Messages of exports (spec 8), shown exactly as written. */
export const EXPORT_MESSAGES = {
  nothing: '无可下载数据',
  loading: '请等待数据加载完成后下载!',
  noJson: 'no response json',
  badJson: 'failed to parse response json',
  failed: '下载失败',
  offline: `当前下载条数已超过[${OFFLINE_DOWNLOAD_THRESHOLD}]条，将使用离线下载，请稍后前往离线下载列表中查看！`,
  excelNeedsPosts: '当前页面没有搜索结果或分类信息组件，无法导出Excel',
} as const;

const epochMs = z.number().int().min(0).max(8_640_000_000_000_000);

/** A published page under the viewer's query state: what every export starts from. */
export const pageExportRequest = z.object({
  page: z.string().min(1).max(64),
  /** The published version the page is read from; the newest when absent. */
  version: versionNumber.optional(),
  query: queryState,
  /** When the page was opened: resolves the widgets' own relative ranges. */
  now: epochMs.optional(),
  /** A slide or Word template by id (a PDF takes Word's); the project's default when absent. */
  template: z.string().min(1).max(64).optional(),
});
export type PageExportRequest = z.infer<typeof pageExportRequest>;
export type PageExportRequestInput = z.input<typeof pageExportRequest>;

/** `POST /customlay/dashdata` (spec 7). */
export const deckAnswer = z.object({ status: z.literal('ok'), downloadUrl: z.string() });
export type DeckAnswer = z.infer<typeof deckAnswer>;

/** `POST /api/r11zt/jdata` (spec 7). */
export const wordAnswer = z.object({ url: z.string() });
export type WordAnswer = z.infer<typeof wordAnswer>;

/** Routes of exports beyond spec 7's. */
export const EXPORTS_API = {
  /** POST: the page as a PDF, answered as its download address. */
  pdf: '/export/pdf',
} as const;

/** `POST /export/pdf`. */
export const pdfAnswer = z.object({ url: z.string() });
export type PdfAnswer = z.infer<typeof pdfAnswer>;

/** The documents a page or a report is exported as: a slide deck, a Word brief, a PDF. */
export const DOCUMENT_FORMATS = ['pptx', 'docx', 'pdf'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/** Widgets whose posts an Excel download writes (spec 5). */
export const POST_FILE_WIDGETS: readonly WidgetType[] = ['search-post', 'tab-post'];

export const EXPORT_FILE_FORMATS = [...DOCUMENT_FORMATS, 'xlsx', 'csv'] as const;
export type ExportFileFormat = (typeof EXPORT_FILE_FORMATS)[number];

export const POST_FILE_FORMATS = ['xlsx', 'csv'] as const satisfies readonly ExportFileFormat[];
export type PostFileFormat = (typeof POST_FILE_FORMATS)[number];

/** `POST /download/addJob`: the posts of the page's search-post or tab-post widget. */
export const addJobRequest = pageExportRequest.extend({
  format: z.enum(POST_FILE_FORMATS).default('xlsx'),
  /** The post widget whose posts are written; the page's first one when absent. */
  widget: z.string().min(1).max(64).optional(),
});
export type AddJobRequest = z.infer<typeof addJobRequest>;
export type AddJobRequestInput = z.input<typeof addJobRequest>;

/** What addJob answers when it did not send the file itself (spec 7: data.suc, data.msg). */
export const addJobAnswer = z.object({
  suc: z.boolean(),
  msg: z.string(),
  jobId: z.string().optional(),
});
export type AddJobAnswer = z.infer<typeof addJobAnswer>;

/** A slide or Word template: the colours and marks an export is drawn with. */
export const exportTemplate = z.object({
  id: z.string(),
  name: z.string(),
  /** Series colours, in order. */
  colors: z.array(z.string()),
  /** Title bars and headings. */
  accent: z.string(),
  background: z.string(),
  /** Shown on every slide and in the Word header: the address of its image; absent for none. */
  logo: z.string().optional(),
  /** One of the server's own (not deletable); else uploaded by a project admin. */
  builtIn: z.boolean(),
  /** Who uploaded it and when (epoch ms), for uploaded ones. */
  createdBy: z.string().optional(),
  created: z.number().optional(),
});
export type ExportTemplate = z.infer<typeof exportTemplate>;
