import { createWriteStream } from 'node:fs';
import { xmlText } from './xml-text.js';
import { ZipStream, type StreamedEntry } from './zip-stream.js';

/**
 * A streaming xlsx writer for large tables: rows go out as SpreadsheetML text (`rowXml`, made by
 * the caller a batch at a time) into a zip entry as they come, so memory holds a few batches. exceljs's streaming writer builds an object
 * per cell and reached 9,000-16,000 rows a second for the posts sheet on this machine, below
 * the 20,000 an export of a million posts needs; this writes the same file at several times that.
 * It knows only what the posts files use: inline strings, numbers, a bold header row, column
 * widths, a frozen header and wrapped text.
 */

export type Cell = string | number;

export interface SheetColumn {
  header: string;
  width: number;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** What XML escapes or may not hold (surrogates, paired or not): most text has none. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NEEDS_CARE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
/** Text escaped for XML, without the characters XML 1.0 cannot hold. */
const xml = (text: string) =>
  NEEDS_CARE.test(text) ? xmlText(text).replace(/[&<>"]/g, (c) => ESCAPES[c]!) : text;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Style ids of `styles.xml`: plain, bold (headers), wrapped (long text). */
const STYLE = { plain: 0, bold: 1, wrap: 2 } as const;

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="${NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment wrapText="1" vertical="top"/></xf></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}
const COLUMN_NAMES = Array.from({ length: 256 }, (_, i) => columnName(i));

/** Text whose spacing a reader may trim or fold unless told to keep it (xml:space). */
const SPACED = /^\s|\s$|\s\s|[\t\n\r]/;

function cellXml(value: Cell, ref: string, style: number): string {
  const s = style ? ` s="${style}"` : '';
  if (typeof value === 'number')
    return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : `<c r="${ref}"${s}/>`;
  const space = SPACED.test(value) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"${s}><is><t${space}>${xml(value)}</t></is></c>`;
}

/** Row `row` (1-based) of a sheet; readers other than Excel want every row and cell named. */
export function rowXml(cells: readonly Cell[], row: number, style: number = STYLE.plain): string {
  let out = `<row r="${row}">`;
  for (let i = 0; i < cells.length; i++)
    out += cellXml(cells[i]!, `${COLUMN_NAMES[i]}${row}`, style);
  return `${out}</row>`;
}

function sheetStart(columns: readonly SheetColumn[], frozenHeader: boolean): string {
  const cols = columns
    .map(
      (column, i) => `<col min="${i + 1}" max="${i + 1}" width="${column.width}" customWidth="1"/>`,
    )
    .join('');
  const pane = frozenHeader
    ? '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
    : '';
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${NS}" xmlns:r="${REL_NS}">` +
    `<sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>` +
    rowXml(
      columns.map((column) => column.header),
      1,
      STYLE.bold,
    )
  );
}
const SHEET_END = '</sheetData></worksheet>';
/** Bytes of a sheet's text passed to the zip at once. */
const CHUNK_BYTES = 1 << 20;

function packageParts(names: readonly string[]): [string, string][] {
  const sheets = names.map((_, i) => i + 1);
  return [
    [
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheets
        .map(
          (n) =>
            `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join('')}</Types>`,
    ],
    [
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets>${names
        .map((name, i) => `<sheet name="${xml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PACKAGE_REL_NS}">${sheets
        .map(
          (n) =>
            `<Relationship Id="rId${n}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${n}.xml"/>`,
        )
        .join(
          '',
        )}<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', STYLES],
  ];
}

/** A small sheet written whole; its cells wrap. */
export interface SmallSheet {
  name: string;
  columns: SheetColumn[];
  rows: Cell[][];
}

/** The rows a sheet holds at most, its header row among them (Excel's limit). */
export const SHEET_MAX_ROWS = 1_048_576;

/** The name of the large sheet's `n`th part: 文章, 文章 (2), 文章 (3)… */
const partName = (name: string, n: number) => (n === 1 ? name : `${name} (${n})`);

/** One sheet streamed into its zip entry, its header row first. */
class StreamedSheet {
  /** Rows written, the header row among them. */
  rows = 1;
  // Rows are written into a buffer passed to the zip when full: one write per row would cost
  // more than the row, and joining rows' strings first took a quarter of a row's time.
  private buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;

  private constructor(private readonly entry: StreamedEntry) {}

  static async start(zip: ZipStream, path: string, columns: readonly SheetColumn[]) {
    const sheet = new StreamedSheet(await zip.startEntry(path));
    await sheet.put(sheetStart(columns, true));
    return sheet;
  }

  private async put(text: string) {
    // UTF-8 takes at most 3 bytes for each UTF-16 unit.
    if (this.used > 0 && this.used + text.length * 3 > CHUNK_BYTES) await this.flush();
    if (text.length * 3 > CHUNK_BYTES) await this.entry.write(Buffer.from(text));
    else this.used += this.buffer.write(text, this.used);
  }

  private async putBytes(bytes: Uint8Array) {
    if (this.used > 0 && this.used + bytes.length > CHUNK_BYTES) await this.flush();
    if (bytes.length > CHUNK_BYTES)
      await this.entry.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    else {
      this.buffer.set(bytes, this.used);
      this.used += bytes.length;
    }
  }

  private async flush() {
    const full = this.buffer.subarray(0, this.used);
    // The zip holds on to what it is given until it has compressed it.
    this.buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    this.used = 0;
    await this.entry.write(full);
  }

  /** Rows written elsewhere (`rowXml`, numbered on from this sheet's last), as UTF-8. */
  encodedRows(bytes: Uint8Array, count: number) {
    this.rows += count;
    return this.putBytes(bytes);
  }

  async end() {
    await this.put(SHEET_END);
    await this.flush();
    await this.entry.end();
  }

  abandon() {
    this.entry.abandon();
  }
}

/** A workbook's sheets as they are written: their names, in order, and the large sheet's part. */
class Sheets {
  readonly names: string[] = [];
  private part: StreamedSheet | undefined;
  private parts = 0;

  constructor(
    private readonly zip: ZipStream,
    private readonly large: { name: string; columns: SheetColumn[] },
    private readonly sheetRows: number,
  ) {}

  private path() {
    return `xl/worksheets/sheet${this.names.length}.xml`;
  }

  async small({ name, columns, rows }: SmallSheet) {
    this.names.push(name);
    const body = rows.map((cells, row) => rowXml(cells, row + 2, STYLE.wrap)).join('');
    await this.zip.addBuffer(
      this.path(),
      Buffer.from(sheetStart(columns, false) + body + SHEET_END),
    );
  }

  /** Starts the large sheet's next part. */
  async nextPart() {
    await this.part?.end();
    this.names.push(partName(this.large.name, ++this.parts));
    this.part = await StreamedSheet.start(this.zip, this.path(), this.large.columns);
  }

  async encodedRows(bytes: Uint8Array, count: number) {
    if (this.part!.rows === this.sheetRows) await this.nextPart();
    if (this.part!.rows + count > this.sheetRows)
      throw new Error(`${count} rows run past the end of sheet ${this.names.at(-1)}`);
    await this.part!.encodedRows(bytes, count);
  }

  end() {
    return this.part!.end();
  }

  abandon() {
    this.part?.abandon();
  }
}

/** Writes rows of the large sheet made elsewhere (`sheetPieces` says how to number them). */
export type WriteEncodedRows = (bytes: Uint8Array, count: number) => Promise<void>;

/**
 * How rows `from` to `from + count` (0-based, the header not counted) of a large sheet fall on
 * its parts: pieces (`start` to `end` of the `count`) that each stay on one part, and the row
 * number the piece's first row has on it.
 */
export function sheetPieces(
  from: number,
  count: number,
  sheetRows: number = SHEET_MAX_ROWS,
): { start: number; end: number; firstRow: number }[] {
  const perPart = sheetRows - 1;
  const pieces = [];
  for (let start = 0; start < count;) {
    const place = (from + start) % perPart;
    const end = Math.min(count, start + perPart - place);
    pieces.push({ start, end, firstRow: place + 2 });
    start = end;
  }
  return pieces;
}

/**
 * Writes `small` sheets, then a large sheet whose rows `fill` makes (`rowXml`, numbered as
 * `sheetPieces` says) and writes through `writeEncoded`, which waits when the zip falls behind.
 * Past `sheetRows` rows (Excel's limit) the large sheet goes on in another, `文章 (2)`, with the
 * same header row. Answers what `fill` answers once the
 * file is complete. The parts that list the sheets are written last, once their number is
 * known (as exceljs's streaming writer does).
 */
export async function writeXlsx<T>(
  path: string,
  small: readonly SmallSheet[],
  large: { name: string; columns: SheetColumn[] },
  fill: (writeEncoded: WriteEncodedRows) => Promise<T>,
  { sheetRows = SHEET_MAX_ROWS }: { sheetRows?: number } = {},
): Promise<T> {
  const file = createWriteStream(path, { mode: 0o600 });
  const zip = new ZipStream(file);
  const sheets = new Sheets(zip, large, sheetRows);
  try {
    for (const sheet of small) await sheets.small(sheet);
    await sheets.nextPart();
    const result = await fill((bytes, count) => sheets.encodedRows(bytes, count));
    await sheets.end();
    for (const [name, content] of packageParts(sheets.names)) {
      await zip.addBuffer(name, Buffer.from(content));
    }
    await zip.end();
    return result;
  } catch (error) {
    sheets.abandon();
    file.destroy();
    throw error;
  }
}
