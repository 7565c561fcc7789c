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
import { writeXlsx } from './xlsx-stream.js';

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

/** Rows between turns given to the event loop (and progress reports). */
const TURN_ROWS = 200;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

type OnRows = (rows: number) => Promise<void> | void;

/**
 * Writes the posts to `path` as xlsx (a 查询条件 sheet, then 文章 with a frozen header row,
 * going on in 文章 (2) past a sheet's `sheetRows`) or CSV, streaming: memory holds a batch of
 * posts, whatever the total. `onRows` is told the rows written so far every few hundred rows;
 * it may throw to stop the file.
 */
export async function writePostsFile(
  format: PostFileFormat,
  path: string,
  batches: AsyncIterable<Post[]>,
  heading: PostsFileHeading,
  { timeZone, labels }: PostsFileContext,
  onRows: OnRows,
  options: { sheetRows?: number } = {},
): Promise<number> {
  const rows = { batches, context: { labels, time: postTimeFormatter(timeZone) }, onRows };
  return format === 'xlsx' ? writePostsXlsx(path, rows, heading, options) : writeCsv(path, rows);
}

/** The posts a file is written from, and who hears its progress. */
interface PostRows {
  batches: AsyncIterable<Post[]>;
  context: RowContext;
  onRows: OnRows;
}

/** Gives each post's values, as `cell` makes them, to `write`, in order; answers the rows. */
async function eachRow<C>(
  { batches, context, onRows }: PostRows,
  cell: (value: string | number) => C,
  write: (cells: C[]) => Promise<void>,
): Promise<number> {
  let rows = 0;
  for await (const batch of batches) {
    for (const post of batch) {
      await write(POST_COLUMNS.map((column) => cell(column.value(post, context))));
      rows++;
      if (rows % TURN_ROWS === 0) {
        await onRows(rows);
        await turn();
      }
    }
  }
  await onRows(rows);
  return rows;
}

function writePostsXlsx(
  path: string,
  rows: PostRows,
  heading: PostsFileHeading,
  options: { sheetRows?: number },
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
  return writeXlsx(
    path,
    [about],
    { name: '文章', columns },
    (write) => eachRow(rows, cellOf, write),
    options,
  );
}

const csvField = (value: string | number) => {
  const text = String(neutralised(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** A plain table (no heading lines, so any tool reads it), with the BOM Excel needs for UTF-8. */
async function writeCsv(path: string, rows: PostRows): Promise<number> {
  const out = createWriteStream(path, { mode: 0o600 });
  // A failed write is thrown by the next write or by `finished`; an 'error' event no one heard
  // (a write buffered when the file was abandoned) would end the process.
  out.on('error', () => undefined);
  const write = async (line: string) => {
    if (out.errored) throw out.errored;
    if (!out.write(line)) await once(out, 'drain');
  };
  try {
    await write('\uFEFF');
    await write(`${POST_COLUMNS.map((column) => csvField(column.header)).join(',')}\r\n`);
    const written = await eachRow(rows, csvField, (fields) => write(`${fields.join(',')}\r\n`));
    out.end();
    await finished(out);
    return written;
  } catch (error) {
    out.destroy();
    throw error;
  }
}
