import { printable } from './font.js';
import { FONT, TEXT_COLOR, colorOf, contentWidth, keepTogether, type Pdf } from './layout.js';

const SIZE = 9;
const PADDING = 4;
const BORDER = '#D9D9D9';
/** Our estimate of a row's height may be a little under PDFKit's; this keeps the break ours. */
const SLACK = 2;

/**
 * A table across the text column, its columns of equal width. A row that does not fit starts a
 * new page, and the header row is drawn again at its top.
 */
export function drawTable(doc: Pdf, texts: string[], cells: string[][], accent: string): void {
  const columns = texts.map(printable);
  const rows = cells.map((row) => row.map(printable));
  doc.font(FONT).fontSize(SIZE);
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  const cellWidth = width / Math.max(1, columns.length);
  const heightOf = (row: string[]) =>
    Math.max(
      ...row.map((text) => doc.heightOfString(text, { width: cellWidth - 2 * PADDING })),
      doc.currentLineHeight(),
    ) +
    2 * PADDING +
    SLACK;
  const header = columns.map((text) => ({
    text,
    type: 'TH' as const,
    backgroundColor: colorOf(accent),
    textColor: '#FFFFFF',
  }));
  const start = () => {
    const table = doc.table({
      position: { x, y: doc.y },
      maxWidth: width,
      columnStyles: columns.map(() => cellWidth),
      defaultStyle: { padding: PADDING, border: 0.5, borderColor: BORDER, textColor: TEXT_COLOR },
    });
    return table.row(header);
  };

  // The header stays with the first row.
  keepTogether(doc, heightOf(columns) + (rows[0] ? heightOf(rows[0]) : 0));
  let table = start();
  for (const row of rows) {
    const height = heightOf(row);
    if (doc.y + height > doc.page.maxY()) {
      table.end();
      doc.addPage();
      table = start();
    }
    table.row(row);
  }
  table.end();
  doc.x = x;
  doc.moveDown(0.6);
}
