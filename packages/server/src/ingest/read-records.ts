import { pipeline, type Readable } from 'node:stream';
import { CsvError, parse, type CsvErrorCode } from 'csv-parse';
import { POST_PATH_FIELDS } from '@yuqing/core';
import { xlsxChunks } from './xlsx-records.js';

export type ImportFormat = 'ndjson' | 'csv' | 'xlsx';

/**
 * One input row with its 1-based line number (for CSV, the header is line 1): a JSON line as its
 * text, a CSV or xlsx row as its cells' text. Both are read as values where the row is prepared, off the
 * reading thread, where whatever is wrong with one row fails that row only (a cell of JSON nested
 * 100,000 deep could not even be sent to a worker thread once parsed).
 */
export interface InputRecord {
  line: number;
  text?: string;
  cells?: Record<string, string>;
}

/**
 * Consecutive rows of an input: JSON lines as their bytes (a worker thread decodes and splits
 * them, and the bytes move there without a copy), or CSV rows already read.
 */
export type InputChunk =
  | { kind: 'lines'; firstLine: number; bytes: Uint8Array<ArrayBuffer> }
  | { kind: 'records'; records: InputRecord[] };

const NEWLINE = 0x0a;
const BOM = '\uFEFF';

/** Streams an input in chunks of at most `size` rows; a file larger than memory is fine. */
export async function* readChunks(
  input: Readable,
  format: ImportFormat,
  size: number,
): AsyncGenerator<InputChunk> {
  if (format === 'ndjson') {
    yield* lineChunks(input, size);
    return;
  }
  if (format === 'xlsx') {
    yield* xlsxChunks(input, size);
    return;
  }
  let records: InputRecord[] = [];
  for await (const record of csvRecords(input)) {
    records.push(record);
    if (records.length < size) continue;
    yield { kind: 'records', records };
    records = [];
  }
  if (records.length > 0) yield { kind: 'records', records };
}

async function* lineChunks(input: Readable, size: number): AsyncGenerator<InputChunk> {
  let parts: Uint8Array[] = [];
  let lines = 0;
  let firstLine = 1;
  const chunk = (): InputChunk => {
    const bytes = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
    let at = 0;
    for (const part of parts) {
      bytes.set(part, at);
      at += part.length;
    }
    const done = { kind: 'lines', firstLine, bytes } as const;
    parts = [];
    firstLine += lines;
    lines = 0;
    return done;
  };
  for await (const data of input as AsyncIterable<Buffer | string>) {
    const buffer = typeof data === 'string' ? Buffer.from(data) : data;
    let from = 0;
    for (let end = buffer.indexOf(NEWLINE); end !== -1; end = buffer.indexOf(NEWLINE, end + 1)) {
      if (++lines < size) continue;
      parts.push(buffer.subarray(from, end + 1));
      from = end + 1;
      yield chunk();
    }
    if (from < buffer.length) parts.push(buffer.subarray(from));
  }
  if (parts.length > 0) yield chunk();
}

/** The rows of a chunk. A JSON chunk's lines are decoded here; blank lines are no rows. */
export function chunkRecords(chunk: InputChunk): InputRecord[] {
  if (chunk.kind === 'records') return chunk.records;
  const text = new TextDecoder().decode(chunk.bytes);
  const records: InputRecord[] = [];
  text.split('\n').forEach((raw, i) => {
    let line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (i === 0 && chunk.firstLine === 1 && line.startsWith(BOM)) line = line.slice(1);
    if (line.trim()) records.push({ line: chunk.firstLine + i, text: line });
  });
  return records;
}

/** An input that cannot be read as its format at all (not a bad row: the rows cannot be found). */
export class MalformedInput extends Error {}

const CSV_PROBLEMS: Partial<Record<CsvErrorCode, string>> = {
  CSV_QUOTE_NOT_CLOSED: '引号没有闭合',
  CSV_INVALID_CLOSING_QUOTE: '闭合引号后还有字符',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: '闭合引号后还有字符',
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: '列数与表头不一致',
  CSV_RECORD_INCONSISTENT_COLUMNS: '列数与表头不一致',
};

function malformedCsv(error: CsvError): MalformedInput {
  const line = typeof error.lines === 'number' ? `第 ${error.lines} 行: ` : '';
  return new MalformedInput(`${line}CSV 格式错误，${CSV_PROBLEMS[error.code] ?? error.message}`);
}

async function* csvRecords(input: Readable): AsyncGenerator<InputRecord> {
  const parser = parse({
    columns: true,
    bom: true,
    skip_empty_lines: true,
    relax_column_count: false,
    info: true,
  });
  // pipe() would leave the parser waiting forever when the input fails (a cut-off upload).
  pipeline(input, parser, () => {});
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      yield { line: info.lines, cells: record };
    }
  } catch (error) {
    throw error instanceof CsvError ? malformedCsv(error) : error;
  }
}

/**
 * A CSV row's value. Cells are text: numbers stay strings for the schema to coerce, a cell that
 * looks like JSON (a list or an object) is parsed, and list fields may also be written `a|b|c`.
 */
export function csvRowValue(record: Record<string, string>): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const [key, cell] of Object.entries(record)) {
    const text = cell.trim();
    if (text === '') continue;
    if (text.startsWith('[') || text.startsWith('{')) {
      try {
        value[key] = JSON.parse(text);
        continue;
      } catch {
        // Not JSON after all: kept as text, the schema names the field if that is wrong.
      }
    }
    value[key] = LIST_FIELDS.has(key) ? text.split('|').map((part) => part.trim()) : text;
  }
  return value;
}

const LIST_FIELDS = new Set<string>([...POST_PATH_FIELDS, 'imgs', 'hash_tag']);
