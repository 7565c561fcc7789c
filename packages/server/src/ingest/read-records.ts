import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { PATH_FIELDS } from '@yuqing/core';

export type ImportFormat = 'ndjson' | 'csv';

/** One input row with its 1-based line number (for CSV, the header is line 1). */
export interface InputRecord {
  line: number;
  value: unknown;
  /** Set when the line itself could not be read (bad JSON). */
  error?: string;
}

/** Streams the rows of a JSONL or CSV input; a file larger than memory is fine. */
export async function* readRecords(
  input: Readable,
  format: ImportFormat,
): AsyncGenerator<InputRecord> {
  if (format === 'ndjson') {
    let line = 0;
    for await (const text of createInterface({ input, crlfDelay: Infinity })) {
      line++;
      if (!text.trim()) continue;
      try {
        yield { line, value: JSON.parse(text) };
      } catch (error) {
        yield { line, value: undefined, error: `不是有效的 JSON: ${(error as Error).message}` };
      }
    }
    return;
  }
  const parser = input.pipe(
    parse({
      columns: true,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
      info: true,
    }),
  );
  for await (const { record, info } of parser as AsyncIterable<{
    record: Record<string, string>;
    info: { lines: number };
  }>) {
    yield { line: info.lines, value: fromCsvCells(record) };
  }
}

/**
 * CSV cells are text: numbers stay strings for the schema to coerce, a cell that looks like JSON
 * (a list or an object) is parsed, and list fields may also be written `a|b|c`.
 */
function fromCsvCells(record: Record<string, string>): Record<string, unknown> {
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

const LIST_FIELDS = new Set<string>([...PATH_FIELDS, 'imgs', 'hash_tag']);
