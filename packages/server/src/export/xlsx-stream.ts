import { createWriteStream } from 'node:fs';
import { xmlText } from './xml-text.js';
import { ZipStream } from './zip-stream.js';

/**
 * A streaming xlsx writer for large tables: rows go out as SpreadsheetML text into a zip entry
 * as they come, so memory holds one row at a time. exceljs's streaming writer builds an object
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
/** Text escaped for XML, without the characters XML 1.0 cannot hold. */
const xml = (text: string) => xmlText(text).replace(/[&<>"]/g, (c) => ESCAPES[c]!);

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

function cellXml(value: Cell, ref: string, style: number): string {
  const s = style ? ` s="${style}"` : '';
  if (typeof value === 'number')
    return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : `<c r="${ref}"${s}/>`;
  return `<c r="${ref}" t="inlineStr"${s}><is><t xml:space="preserve">${xml(value)}</t></is></c>`;
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
const CHUNK_CHARS = 1 << 16;

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

/**
 * Writes `small` sheets, then one large sheet whose rows `fill` writes through `write`, which
 * waits when the zip falls behind. Answers what `fill` answers once the file is complete.
 */
export async function writeXlsx<T>(
  path: string,
  small: readonly SmallSheet[],
  large: { name: string; columns: SheetColumn[] },
  fill: (write: (cells: readonly Cell[]) => Promise<void>) => Promise<T>,
): Promise<T> {
  const file = createWriteStream(path, { mode: 0o600 });
  const zip = new ZipStream(file);
  try {
    for (const [name, content] of packageParts([...small.map((s) => s.name), large.name])) {
      await zip.addBuffer(name, Buffer.from(content));
    }
    for (const [i, sheet] of small.entries()) {
      const body = sheet.rows.map((cells, row) => rowXml(cells, row + 2, STYLE.wrap)).join('');
      await zip.addBuffer(
        `xl/worksheets/sheet${i + 1}.xml`,
        Buffer.from(sheetStart(sheet.columns, false) + body + SHEET_END),
      );
    }
    let result!: T;
    await zip.addStream(`xl/worksheets/sheet${small.length + 1}.xml`, async (write) => {
      // Rows go to the zip in chunks: one write per row would cost more than the row.
      let parts: string[] = [];
      let size = 0;
      const flush = async () => {
        await write(Buffer.from(parts.join('')));
        parts = [];
        size = 0;
      };
      const put = async (text: string) => {
        parts.push(text);
        size += text.length;
        if (size >= CHUNK_CHARS) await flush();
      };
      await put(sheetStart(large.columns, true));
      let row = 1;
      result = await fill((cells) => put(rowXml(cells, ++row)));
      await put(SHEET_END);
      await flush();
    });
    await zip.end();
    return result;
  } catch (error) {
    file.destroy();
    throw error;
  }
}
