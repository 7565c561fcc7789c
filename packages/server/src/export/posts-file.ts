import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import {
  FIELD_LABELS,
  KG_TERM_FIELDS,
  PATH_FIELDS,
  POST_PATH_FIELDS,
  displayValue,
  pathValues,
  postMainText,
  termValue,
  type Post,
  type PostFileFormat,
} from '@yuqing/core';
import { postTimeFormatter } from './post-times.js';
import {
  SHEET_MAX_ROWS,
  rowXml,
  sheetPieces,
  writeXlsx,
  type WriteEncodedRows,
} from './xlsx-stream.js';

/** What a posts file states on its first sheet (or its first lines). */
export interface PostsFileHeading {
  title: string;
  range: string;
  filters: string[];
  madeAt: string;
}

export interface PostsFileContext {
  timeZone: string;
  labels: ReadonlyMap<string, string>;
}

/** What a column's value is read with: the labels, and the zone's clock. */
interface RowContext {
  labels: ReadonlyMap<string, string>;
  time(ms: number): string;
}

interface Column {
  header: string;
  width: number;
  /** The post field an import of this file reads the column back as; none for derived ones. */
  field?: string;
  value(post: Post, context: RowContext): string | number;
}

const joinPaths = (paths: readonly string[] | undefined) => (paths ?? []).join('; ');

/** The columns an analyst needs of a post, in the order they read them. */
export const POST_COLUMNS: readonly Column[] = [
  {
    header: '发布时间',
    width: 20,
    field: 'created',
    value: (p, c) => c.time(p.created),
  },
  {
    header: '平台',
    width: 10,
    field: 'media_platform',
    value: (p, c) => displayValue(c.labels, p.media_platform),
  },
  {
    header: '媒体类型',
    width: 10,
    field: 'media_type',
    value: (p, c) => displayValue(c.labels, p.media_type),
  },
  { header: '媒体', width: 16, field: 'media', value: (p) => p.media },
  { header: '作者', width: 16, field: 'author', value: (p) => p.author },
  { header: '标题', width: 36, field: 'title', value: (p) => p.title },
  { header: '正文', width: 60, field: 'text', value: (p) => postMainText(p) },
  { header: '链接', width: 40, field: 'uri', value: (p) => p.uri },
  { header: '情感倾向', width: 10, field: 'tendency', value: (p) => p.tendency },
  { header: '媒体等级', width: 10, field: 'media_level', value: (p) => p.media_level },
  { header: '省份', width: 10, field: 'province', value: (p) => p.province },
  { header: '互动量', width: 10, field: 'engagement_num', value: (p) => p.engagement_num },
  { header: '转发数', width: 10, field: 'repost_num', value: (p) => p.repost_num },
  { header: '评论数', width: 10, field: 'comment_num', value: (p) => p.comment_num },
  { header: '点赞数', width: 10, field: 'like_num', value: (p) => p.like_num },
  { header: '阅读数', width: 10, field: 'read_num', value: (p) => p.read_num },
  {
    header: '水军',
    width: 8,
    field: 'water_post',
    value: (p) => (p.water_post === 'YES' ? '是' : '否'),
  },
  ...PATH_FIELDS.filter((field) => field !== 'content_region_paths').map((field): Column => ({
    header: FIELD_LABELS[field],
    width: 24,
    // The tagger's paths (kg_infos.*) are derived again by an import, not read back.
    ...((POST_PATH_FIELDS as readonly string[]).includes(field) && { field }),
    value: (p) => joinPaths(pathValues(p, field)),
  })),
  ...KG_TERM_FIELDS.map((field): Column => ({
    header: FIELD_LABELS[field],
    width: 12,
    value: (p) => termValue(p, field),
  })),
  // Last: what an analyst reads least, and what an import of this file needs.
  { header: '帖子ID', width: 24, field: '_id', value: (p) => p._id },
];

/**
 * Text a spreadsheet would read as a formula (=, +, -, @, tab, CR first) is prefixed with an
 * apostrophe, so an imported post can never run a formula in the customer's Excel (OWASP CSV
 * injection).
 */
export function neutralised(value: string | number): string | number {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Cell text is capped at Excel's limit of 32,767 characters. */
const EXCEL_CELL_LIMIT = 32_767;
const cellOf = (value: string | number) => {
  const safe = neutralised(value);
  return typeof safe === 'string' && safe.length > EXCEL_CELL_LIMIT
    ? safe.slice(0, EXCEL_CELL_LIMIT)
    : safe;
};

type OnRows = (rows: number) => Promise<void> | void;

/** The context a file's rows are made in. */
export const rowContext = ({ timeZone, labels }: PostsFileContext): RowContext => ({
  labels,
  time: postTimeFormatter(timeZone),
});

const csvField = (value: string | number) => {
  const text = String(neutralised(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/**
 * The posts' rows as the file holds them, in UTF-8: xlsx rows numbered on from `firstRow`, or
 * CSV lines.
 */
export function encodePostRows(
  format: PostFileFormat,
  posts: readonly Post[],
  firstRow: number,
  context: RowContext,
): Buffer {
  let text = '';
  for (let i = 0; i < posts.length; i++) {
    const post = posts[i]!;
    text +=
      format === 'xlsx'
        ? rowXml(
            POST_COLUMNS.map((column) => cellOf(column.value(post, context))),
            firstRow + i,
          )
        : `${POST_COLUMNS.map((column) => csvField(column.value(post, context))).join(',')}\r\n`;
  }
  return Buffer.from(text);
}

/**
 * Writes the posts to `path` as xlsx (a 查询条件 sheet, then 文章 with a frozen header row,
 * going on in 文章 (2) past a sheet's `sheetRows`) or CSV, streaming: memory holds a batch of
 * posts, whatever the total. `onRows` is told the rows written so far after each batch; it may
 * throw to stop the file.
 */
export function writePostsFile(
  format: PostFileFormat,
  path: string,
  batches: AsyncIterable<Post[]>,
  heading: PostsFileHeading,
  context: PostsFileContext,
  onRows: OnRows,
  options: { sheetRows?: number } = {},
): Promise<number> {
  const rows = rowContext(context);
  const encode = (posts: Post[], firstRow: number) => encodePostRows(format, posts, firstRow, rows);
  return writeEncodedPostsFile(format, path, batches, heading, encode, onRows, options);
}

/** Makes the file's rows of some items (posts, or posts as listed), numbered from `firstRow`. */
export type EncodeRows<T> = (items: T[], firstRow: number) => Uint8Array | Promise<Uint8Array>;

/**
 * `writePostsFile` with each batch's rows made by `encode`: up to `ahead` batches are being made
 * at once (by threads, say) while the ones before are written, in order. A batch that would run
 * past a sheet is made in two pieces, numbered for the sheets they go on.
 */
export async function writeEncodedPostsFile<T>(
  format: PostFileFormat,
  path: string,
  batches: AsyncIterable<T[]>,
  heading: PostsFileHeading,
  encode: EncodeRows<T>,
  onRows: OnRows,
  { sheetRows = SHEET_MAX_ROWS, ahead = 1 }: { sheetRows?: number; ahead?: number } = {},
): Promise<number> {
  const fill = async (write: WriteEncodedRows) => {
    const made: { bytes: Promise<Uint8Array>; count: number }[] = [];
    let given = 0;
    let written = 0;
    const writeFirst = async () => {
      const { bytes, count } = made.shift()!;
      await write(await bytes, count);
      written += count;
      await onRows(written);
    };
    try {
      for await (const batch of batches) {
        for (const { start, end, firstRow } of sheetPieces(given, batch.length, sheetRows)) {
          const bytes = Promise.resolve(encode(batch.slice(start, end), firstRow));
          // Heard when written; a failure before then leaves it unheard.
          bytes.catch(() => undefined);
          made.push({ bytes, count: end - start });
          while (made.length > ahead) await writeFirst();
        }
        given += batch.length;
      }
      while (made.length > 0) await writeFirst();
      return written;
    } finally {
      // What is still being made is let go of with the file.
      for (const { bytes } of made) await bytes.catch(() => undefined);
    }
  };
  return format === 'xlsx'
    ? writePostsXlsx(path, heading, sheetRows, fill)
    : writeCsv(path, (write) => fill((bytes) => write(bytes)));
}

function writePostsXlsx(
  path: string,
  heading: PostsFileHeading,
  sheetRows: number,
  fill: (write: WriteEncodedRows) => Promise<number>,
): Promise<number> {
  const about = {
    name: '查询条件',
    columns: [
      { header: '项目', width: 14 },
      { header: '内容', width: 80 },
    ],
    rows: [
      ['导出内容', heading.title],
      ['时间范围', heading.range],
      ['筛选条件', heading.filters.length ? heading.filters.join('\n') : '无'],
      ['导出时间', heading.madeAt],
    ],
  };
  const columns = POST_COLUMNS.map(({ header, width }) => ({ header, width }));
  return writeXlsx(path, [about], { name: '文章', columns }, fill, { sheetRows });
}

/** A plain table (no heading lines, so any tool reads it), with the BOM Excel needs for UTF-8. */
async function writeCsv(
  path: string,
  fill: (write: (bytes: Uint8Array | string) => Promise<void>) => Promise<number>,
): Promise<number> {
  const out = createWriteStream(path, { mode: 0o600 });
  // A failed write is thrown by the next write or by `finished`; an 'error' event no one heard
  // (a write buffered when the file was abandoned) would end the process.
  out.on('error', () => undefined);
  const write = async (chunk: Uint8Array | string) => {
    if (out.errored) throw out.errored;
    if (!out.write(chunk)) await once(out, 'drain');
  };
  try {
    await write('\uFEFF');
    await write(`${POST_COLUMNS.map((column) => csvField(column.header)).join(',')}\r\n`);
    const written = await fill(write);
    out.end();
    await finished(out);
    return written;
  } catch (error) {
    out.destroy();
    throw error;
  }
}
