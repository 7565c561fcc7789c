import { formatPercent } from '@yuqing/core';
import type { PivotMatrix } from '@yuqing/core';
import { zh } from '../../i18n/translateText';
import { currentT, type Translate } from '../../i18n/useT';
import { cellShare, SHARE_LABELS, type ShareMode } from './pivot';

/** Excel reads a CSV as UTF-8 (and so shows Chinese) only when it starts with a byte-order mark. */
export const BOM = '\uFEFF';
export const TOTAL_LABEL = zh('合计');

type CsvCell = string | number;

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled.
 * Text that a spreadsheet would run as a formula (= + - @ first) gets a leading apostrophe.
 */
export function csvField(cell: CsvCell): string {
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The text of a CSV file: byte-order mark, CRLF line ends. */
export function csvText(rows: readonly (readonly CsvCell[])[]): string {
  return BOM + rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * The cross table as CSV: the corner label, the column values and 合计 across the top, a line per
 * row value and a 合计 line at the bottom. Numbers stay plain (no separators) so a spreadsheet can
 * sum them. With `share`, every value column is followed by its share ("12.35%").
 */
export function pivotCsv(
  matrix: PivotMatrix,
  corner: string,
  share?: ShareMode,
  t: Translate = currentT(),
): string {
  const total = t(TOTAL_LABEL);
  const columns: (number | 'total')[] = [...matrix.columns.map((_, at) => at), 'total'];
  const title = (column: number | 'total') =>
    column === 'total' ? total : matrix.columns[column]!.label;
  const header: CsvCell[] = [corner];
  for (const column of columns) {
    header.push(title(column));
    if (share) header.push(`${title(column)} ${t(SHARE_LABELS[share])}`);
  }
  const line = (label: string, row: PivotMatrix['rows'][number] | 'totals') => {
    const cells: CsvCell[] = [label];
    for (const column of columns) {
      cells.push(
        row === 'totals'
          ? column === 'total'
            ? matrix.total
            : matrix.columns[column]!.total
          : column === 'total'
            ? row.total
            : row.cells[column]!,
      );
      if (share) cells.push(formatPercent(cellShare(matrix, share, row, column)));
    }
    return cells;
  };
  return csvText([
    header,
    ...matrix.rows.map((row) => line(row.label, row)),
    line(total, 'totals'),
  ]);
}

/** A file name from the widget's title: characters no file system allows become '_'. */
export function csvFileName(title: string, fallback: string = zh('透视表')): string {
  // eslint-disable-next-line no-control-regex
  const safe = title.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim();
  return `${safe || fallback}.csv`;
}

/** Hands the text to the browser as a download. */
export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
