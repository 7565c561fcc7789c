import type { OptionItem, ProjectDataItem } from '@yuqing/core';
import { currentT, type Translate } from '../../i18n/useT';

/** One record of a CSV file and the line it starts on (1-based, as an editor counts). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** A line that could not be read or imported. */
export interface CsvProblem {
  line: number;
  message: string;
}

/**
 * The text of a CSV file: UTF-8 (with or without BOM) when it decodes as such, else GB18030, as
 * Excel on a Chinese Windows saves "CSV" by default.
 */
export function decodeCsv(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/**
 * RFC 4180 CSV: comma-separated, fields in double quotes may hold commas, line breaks and doubled
 * quotes; CRLF, LF or CR line ends; a leading BOM is dropped; blank lines are skipped.
 */
export function parseCsv(
  text: string,
  t: Translate = currentT(),
): { records: CsvRecord[]; problems: CsvProblem[] } {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  const problems: CsvProblem[] = [];
  let line = 1;
  let recordLine = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  /** The current cell was quoted and its closing quote is behind us. */
  let closed = false;
  let broken = false;

  const endCell = () => {
    cells.push(cell);
    cell = '';
    closed = false;
  };
  const endRecord = () => {
    endCell();
    if (!broken && !(cells.length === 1 && cells[0]!.trim() === '')) {
      records.push({ line: recordLine, cells });
    }
    cells = [];
    broken = false;
    recordLine = line;
  };

  for (let at = 0; at < source.length; at += 1) {
    const char = source[at]!;
    if (quoted) {
      if (char === '"') {
        if (source[at + 1] === '"') {
          cell += '"';
          at += 1;
        } else {
          quoted = false;
          closed = true;
        }
      } else {
        if (char === '\n' || (char === '\r' && source[at + 1] !== '\n')) line += 1;
        cell += char;
      }
      continue;
    }
    if (char === ',') {
      endCell();
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[at + 1] === '\n') at += 1;
      line += 1;
      endRecord();
    } else if (char === '"' && cell === '' && !closed) {
      quoted = true;
    } else if (closed) {
      if (!broken) problems.push({ line, message: t('引号结束后应是逗号或换行') });
      broken = true;
      cell += char;
    } else {
      cell += char;
    }
  }
  if (quoted) {
    problems.push({ line: recordLine, message: t('引号没有闭合') });
  } else if (cell !== '' || cells.length > 0 || closed) {
    endRecord();
  }
  return { records, problems };
}

// i18n-ignore: a header cell of the file, as people write it
const HEADER = new Set(['value', '值']);
const MAX_VALUE = 500;
const MAX_LABEL = 200;

interface Row {
  line: number;
  value: string;
  label: string;
  parent: string;
}

/** The rows of the file, one problem per bad line; a first line `value,label[,parent]` is a header. */
function readRows(
  records: CsvRecord[],
  kind: ProjectDataItem['kind'],
  problems: CsvProblem[],
  t: Translate,
) {
  const rows: Row[] = [];
  const lineOf = new Map<string, number>();
  records.forEach((record, index) => {
    const cells = record.cells.map((cell) => cell.trim());
    if (index === 0 && HEADER.has(cells[0]!.toLowerCase())) return;
    const bad = (message: string) => problems.push({ line: record.line, message });
    // Spreadsheets add empty columns at the end; anything in a fourth column is a mistake.
    if (cells.slice(3).some((cell) => cell !== '')) {
      return bad(
        t('列数过多：应为 {columns}', {
          columns: kind === 'tree' ? 'value,label,parent' : 'value,label',
        }),
      );
    }
    const [value = '', label = '', parent = ''] = cells;
    if (!value) return bad(t('缺少值（第一列）'));
    if (value.length > MAX_VALUE) return bad(t('值超过{max}个字符', { max: MAX_VALUE }));
    if (label.length > MAX_LABEL) return bad(t('显示名超过{max}个字符', { max: MAX_LABEL }));
    const first = lineOf.get(value);
    if (first !== undefined) return bad(t('值「{value}」与第{line}行重复', { value, line: first }));
    if (parent && kind === 'list') return bad(t('列表不能指定父项（第三列），请选择树形数据'));
    if (parent === value) return bad(t('父项不能是自己'));
    lineOf.set(value, record.line);
    rows.push({ line: record.line, value, label: label || value, parent });
  });
  return rows;
}

/** The parent values above `row`, nearest first, stopping at a missing parent or a repeat. */
function ancestors(row: Row, byValue: Map<string, Row>): string[] {
  const chain: string[] = [];
  let parent = row.parent;
  while (parent && byValue.has(parent) && !chain.includes(parent)) {
    chain.push(parent);
    if (parent === row.value) break;
    parent = byValue.get(parent)!.parent;
  }
  return chain;
}

/**
 * Builds the tree of rows by their parent values. A missing parent or a circle of parents is a
 * problem of its line, and so is a row under such a row, which could not be placed either.
 */
function buildTree(rows: Row[], problems: CsvProblem[], t: Translate): OptionItem[] {
  const byValue = new Map(rows.map((row) => [row.value, row]));
  const rejected = new Set<string>();
  for (const row of rows) {
    if (row.parent && !byValue.has(row.parent)) {
      problems.push({
        line: row.line,
        message: t('父项「{parent}」不存在', { parent: row.parent }),
      });
      rejected.add(row.value);
    } else if (ancestors(row, byValue).includes(row.value)) {
      problems.push({ line: row.line, message: t('父项形成循环') });
      rejected.add(row.value);
    }
  }
  const unplaced = new Set(rejected);
  for (const row of rows) {
    if (rejected.has(row.value)) continue;
    const blocked = ancestors(row, byValue).find((value) => rejected.has(value));
    if (blocked !== undefined) {
      problems.push({
        line: row.line,
        message: t('上级「{value}」有错误，无法放入树中', { value: blocked }),
      });
      unplaced.add(row.value);
    }
  }
  const options = new Map<string, OptionItem>();
  for (const row of rows) options.set(row.value, { value: row.value, label: row.label });
  const roots: OptionItem[] = [];
  for (const row of rows) {
    if (unplaced.has(row.value)) continue;
    const option = options.get(row.value)!;
    if (!row.parent) roots.push(option);
    else (options.get(row.parent)!.children ??= []).push(option);
  }
  return roots;
}

/**
 * A CSV file of `value,label[,parent]` lines as the items of a list or tree. Problems name their
 * lines; the caller imports nothing while there are any. An empty label takes the value.
 */
export function csvToItems(
  text: string,
  kind: ProjectDataItem['kind'],
  t: Translate = currentT(),
): { items: OptionItem[]; problems: CsvProblem[] } {
  const { records, problems } = parseCsv(text, t);
  const rows = readRows(records, kind, problems, t);
  const items =
    kind === 'tree'
      ? buildTree(rows, problems, t)
      : rows.map((row) => ({ value: row.value, label: row.label }));
  problems.sort((a, b) => a.line - b.line);
  return { items, problems };
}

/** `第3行：缺少值（第一列）`, in the language of `t`. */
export function problemLine(problem: CsvProblem, t: Translate): string {
  return t('第{line}行：{problem}', { line: problem.line, problem: problem.message });
}

/** `第3行：缺少值（第一列）`. */
export const problemText = (problem: CsvProblem): string => problemLine(problem, currentT());
