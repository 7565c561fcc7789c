import type { Readable } from 'node:stream';
import { messageOf } from '../refusals.js';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { POSTS_HEADER_NAMES } from './exported-columns.js';
import type { InputRecord } from './read-records.js';

/**
 * Reads the rows of an xlsx file, streaming: a zip's central directory gives each part, and each
 * part's SpreadsheetML is read by a SAX parser as it inflates, so memory holds the shared
 * strings, the styles and one row. (exceljs's streaming reader reads the zip in one pass and
 * drops the sheets after the first of a small file: exceljs issue 2790.)
 */

/** Shared strings past this many characters are refused (the thread's heap is the last line). */
const SHARED_TEXT_LIMIT = 256 * 1024 ** 2;
/** A cell longer than any post is refused rather than held. */
const CELL_TEXT_LIMIT = 1024 ** 2;

export class XlsxProblem extends Error {
  constructor(problem: string) {
    super(`xlsx: ${problem}`);
  }
}

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error
        ? reject(new XlsxProblem(`文件无法读取，不是有效的 xlsx 文件（${error.message}）`))
        : resolve(zip),
    ),
  );
}

/** The zip's entries by name: its central directory only, nothing inflated. */
function entriesOf(zip: ZipFile): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

function partStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );
}

type Handlers = {
  open?: (tag: SaxesTagPlain) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/**
 * Parses one part, calling `handlers` as elements open and close; after each piece of input
 * read, yields what `drain` has gathered (rows), so a sheet is read as its rows are used.
 */
async function* parsePart<T>(
  zip: ZipFile,
  entry: Entry | undefined,
  handlers: Handlers,
  drain: () => T[] = () => [],
): AsyncGenerator<T> {
  if (!entry) return;
  const parser = new SaxesParser();
  if (handlers.open) parser.on('opentag', handlers.open);
  if (handlers.close) parser.on('closetag', (tag) => handlers.close!(tag.name));
  if (handlers.text) parser.on('text', handlers.text);
  const stream = await partStream(zip, entry);
  const decoder = new TextDecoder();
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      parser.write(decoder.decode(chunk, { stream: true }));
      yield* drain();
    }
    parser.close();
    yield* drain();
  } catch (error) {
    if (error instanceof XlsxProblem) throw error;
    throw new XlsxProblem(`${entry.fileName} 无法解析（${messageOf(error)}）`);
  } finally {
    // Left early (a sheet that is not the posts) or failed: the inflating stops.
    stream.destroy();
  }
}

async function readPart(zip: ZipFile, entry: Entry | undefined, handlers: Handlers) {
  for await (const _ of parsePart(zip, entry, handlers)) void _;
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** The sheets in the workbook's order, as zip paths, and whether dates count from 1904. */
async function workbookSheets(zip: ZipFile, entries: Map<string, Entry>) {
  const targets = new Map<string, string>();
  await readPart(zip, entries.get('xl/_rels/workbook.xml.rels'), {
    open: (tag) => {
      if (local(tag.name) !== 'Relationship') return;
      const target = String(tag.attributes.Target ?? '');
      targets.set(
        String(tag.attributes.Id),
        target.startsWith('/') ? target.slice(1) : `xl/${target}`,
      );
    },
  });
  const sheets: string[] = [];
  let date1904 = false;
  await readPart(zip, entries.get('xl/workbook.xml'), {
    open: (tag) => {
      const name = local(tag.name);
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(String(tag.attributes.date1904));
      if (name !== 'sheet') return;
      const id = Object.entries(tag.attributes).find(([key]) => local(key) === 'id')?.[1];
      const path = targets.get(String(id));
      if (path) sheets.push(path);
    },
  });
  return { sheets, date1904 };
}

/** The text of each shared string (`<si>`), phonetic runs left out. */
async function sharedStrings(zip: ZipFile, entry: Entry | undefined): Promise<string[]> {
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let inPhonetic = false;
  let total = 0;
  await readPart(zip, entry, {
    open: (tag) => {
      const name = local(tag.name);
      if (name === 'si') current = '';
      else if (name === 'rPh') inPhonetic = true;
      else if (name === 't') inText = !inPhonetic;
    },
    close: (tagName) => {
      const name = local(tagName);
      if (name === 'si') strings.push(current);
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 't') inText = false;
    },
    text: (text) => {
      if (!inText) return;
      current += text;
      total += text.length;
      if (total > SHARED_TEXT_LIMIT)
        throw new XlsxProblem('共享文本超过 2.56 亿字，请另存为 CSV 后再导入');
    },
  });
  return strings;
}

const BUILTIN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51,
  52, 53, 54, 55, 56, 57, 58,
]);
const isDateFormat = (code: string) =>
  /[ymdhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '')) && !/general/i.test(code);

/** For each cell style (`s`), whether its number format shows a date. */
async function dateStyles(zip: ZipFile, entry: Entry | undefined): Promise<boolean[]> {
  const custom = new Map<number, boolean>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  await readPart(zip, entry, {
    open: (tag) => {
      const name = local(tag.name);
      if (name === 'numFmt')
        custom.set(
          Number(tag.attributes.numFmtId),
          isDateFormat(String(tag.attributes.formatCode ?? '')),
        );
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(tag.attributes.numFmtId ?? 0);
        styles.push(custom.get(id) ?? BUILTIN_DATE_FORMATS.has(id));
      }
    },
    close: (name) => {
      if (local(name) === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date cell as the wall-clock time it shows: Excel stores no zone, so the project's zone
 * applies, as to a CSV's `2024-01-01 12:00:00`.
 */
function dateText(serial: number, date1904: boolean): string {
  const days = serial - (date1904 ? 24107 : 25569);
  const at = new Date(Math.round(days * 86_400) * 1000);
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
}

/** A cell reference's column, 0-based: `C7` → 2. */
function columnOf(ref: string): number {
  let column = 0;
  for (const char of ref) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
  }
  return column - 1;
}

interface SheetRow {
  number: number;
  values: string[];
}

/** A sheet's rows, each as its cells' text by column. */
function sheetRows(
  zip: ZipFile,
  entry: Entry | undefined,
  shared: readonly string[],
  dates: readonly boolean[],
  date1904: boolean,
): AsyncGenerator<SheetRow> {
  const done: SheetRow[] = [];
  let row: SheetRow | undefined;
  let cell: { column: number; type: string; style: number } | undefined;
  let text = '';
  let inValue = false;
  let inPhonetic = false;
  const valueOf = (type: string, style: number): string => {
    if (type === 's') return shared[Number(text)] ?? '';
    if (type === 'inlineStr' || type === 'str') return text;
    if (type === 'b') return text === '1' ? 'TRUE' : 'FALSE';
    if (type === 'e' || text === '') return '';
    return dates[style] && Number.isFinite(Number(text)) ? dateText(Number(text), date1904) : text;
  };
  return parsePart(
    zip,
    entry,
    {
      open: (tag) => {
        const name = local(tag.name);
        if (name === 'row') {
          const number = Number(tag.attributes.r ?? (row ? row.number + 1 : 1));
          row = { number, values: [] };
        } else if (name === 'c' && row) {
          const ref = tag.attributes.r;
          cell = {
            column: ref ? columnOf(String(ref)) : row.values.length,
            type: String(tag.attributes.t ?? 'n'),
            style: Number(tag.attributes.s ?? 0),
          };
          text = '';
        } else if (name === 'rPh') inPhonetic = true;
        else if ((name === 'v' || name === 't') && cell) inValue = !inPhonetic;
      },
      close: (tagName) => {
        const name = local(tagName);
        if (name === 'v' || name === 't') inValue = false;
        else if (name === 'rPh') inPhonetic = false;
        else if (name === 'c' && row && cell) {
          row.values[cell.column] = valueOf(cell.type, cell.style);
          cell = undefined;
        } else if (name === 'row' && row) {
          done.push(row);
          row = undefined;
        }
      },
      text: (piece) => {
        if (!inValue) return;
        text += piece;
        if (text.length > CELL_TEXT_LIMIT)
          throw new XlsxProblem(`第 ${row?.number ?? '?'} 行有超过 100 万字的单元格`);
      },
    },
    () => done.splice(0),
  );
}

/** A header row names posts when one of its cells is a post field or a column of our export. */
const isPostsHeader = (headers: readonly string[]) =>
  headers.some((header) => POSTS_HEADER_NAMES.has(header));

const headerOf = (values: readonly string[]) =>
  Array.from(values, (header) => (header ?? '').trim());

const sameHeader = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((header, i) => header === b[i]);

/**
 * The rows of an xlsx file's posts table, each as its cells' text keyed by header. The table is
 * the first sheet whose header row names posts (the product's own posts file puts its 查询条件
 * sheet first), going on in every later sheet with the same header row (past Excel's row limit
 * the posts file goes on in 文章 (2), 文章 (3)…); other sheets are not read. Rows are numbered by
 * their line in the table, the header being line 1: a continuation's rows number on from the
 * sheet before it, as the CSV of the same posts numbers them (an error's 第 N 行 names one row).
 */
export async function* xlsxPostRows(path: string): AsyncGenerator<InputRecord> {
  const zip = await openZip(path);
  try {
    const entries = await entriesOf(zip);
    const { sheets, date1904 } = await workbookSheets(zip, entries);
    if (sheets.length === 0) throw new XlsxProblem('文件中没有工作表，不是有效的 xlsx 文件');
    const shared = await sharedStrings(zip, entries.get('xl/sharedStrings.xml'));
    const dates = await dateStyles(zip, entries.get('xl/styles.xml'));
    /** The posts table's header row, once a sheet has begun it. */
    let table: string[] | undefined;
    /** The table's last line so far. */
    let end = 0;
    for (const sheet of sheets) {
      let headers: string[] | undefined;
      /** This sheet's row `n` is the table's line `n + shift`. */
      let shift = 0;
      for await (const { number, values } of sheetRows(
        zip,
        entries.get(sheet),
        shared,
        dates,
        date1904,
      )) {
        if (!headers) {
          headers = headerOf(values);
          if (table ? !sameHeader(headers, table) : !isPostsHeader(headers)) break;
          // A continuation's header row repeats the table's: it is no line of its own.
          shift = table ? end - number : 0;
          table ??= headers;
          end = number + shift;
          continue;
        }
        end = number + shift;
        if (values.every((value) => !value)) continue;
        const cells: Record<string, string> = {};
        headers.forEach((header, i) => {
          if (header) cells[header] = values[i] ?? '';
        });
        yield { line: end, cells };
      }
    }
    if (!table)
      throw new XlsxProblem(
        '没有文章表，表的第一行应为表头，含 帖子ID、发布时间 等列或 _id、created 等字段名',
      );
  } finally {
    zip.close();
  }
}
