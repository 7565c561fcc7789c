import {
  SENTIMENTS,
  SENTIMENT_EVAL_LABEL_COLUMNS,
  SENTIMENT_EVAL_MAX_BYTES,
  SENTIMENT_EVAL_MAX_ROWS,
  SENTIMENT_EVAL_MAX_TEXT,
  SENTIMENT_EVAL_TEXT_COLUMNS,
  sentimentEvaluationOf,
  type SentimentEvalRow,
  type SentimentEvaluation,
} from '@yuqing/core';
import { eventLoopTurns } from '../engine/event-loop-turns.js';
import { invalidInput } from '../refusals.js';
import { loadSentimentModel } from '../ingest/enrich/sentiment.js';

type Label = (typeof SENTIMENTS)[number];

/** A labelled text to evaluate: its CSV line or its post. */
export interface LabelledText {
  line?: number;
  postId?: string;
  text: string;
  label: Label;
}

/** Characters of a text listed among the wrong rows. */
const LISTED_TEXT = 500;

const isLabel = (value: string): value is Label =>
  (SENTIMENTS as readonly string[]).includes(value);

/**
 * A cell written by an export with an apostrophe in front of what a spreadsheet would run as a
 * formula (or of text that began with one), read back without it.
 */
function unprotected(text: string): string {
  if (!text.startsWith("'")) return text;
  const rest = text.slice(1);
  return /^['=+\-@\t\r]/.test(rest) ? rest : text;
}

interface CsvRecord {
  /** The line the record starts on (1-based). */
  line: number;
  cells: string[];
}

/** Characters of one record (a line, or lines of a quoted cell) and its cells, at most. */
const MAX_RECORD_CHARS = 64 * 1024;
const MAX_COLUMNS = 64;

class CsvProblem extends Error {
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(`CSV 格式错误：第 ${line} 行${problem}`);
  }
}

/**
 * The records of RFC 4180 CSV (comma-separated; a quoted cell may hold commas, line breaks and
 * doubled quotes; CRLF, LF or CR line ends; a leading BOM dropped; blank lines skipped), each with
 * the line it starts on. A record longer than MAX_RECORD_CHARS, with more than MAX_COLUMNS cells,
 * a quote never closed or text after a closing quote is a CsvProblem naming its line. Reading
 * stops once there are more than `most` records, and gives other requests a turn every 20 ms
 * (csv-parse took 0.8 s over 32 KB of one-character lines).
 */
async function csvRecords(text: string, most: number): Promise<CsvRecord[]> {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  const pause = eventLoopTurns();
  let line = 1;
  let recordLine = 1;
  let recordStart = 0;
  let quoteLine = 0;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  /** The current cell was quoted and its closing quote is behind us. */
  let closed = false;
  const endCell = () => {
    if (cells.length >= MAX_COLUMNS) throw new CsvProblem(recordLine, `超过 ${MAX_COLUMNS} 列`);
    cells.push(cell);
    cell = '';
    closed = false;
  };
  const endRecord = (next: number) => {
    endCell();
    if (!(cells.length === 1 && cells[0]!.trim() === '')) records.push({ line: recordLine, cells });
    cells = [];
    recordLine = line;
    recordStart = next;
  };
  for (let at = 0; at < source.length; at += 1) {
    if ((at & 0xfff) === 0) {
      if (records.length > most) return records;
      await pause();
    }
    if (at - recordStart > MAX_RECORD_CHARS && quoted)
      throw new CsvProblem(quoteLine, '引号没有闭合（或引号中的内容过长）');
    if (at - recordStart > MAX_RECORD_CHARS)
      throw new CsvProblem(
        recordLine,
        `过长：一条记录不能超过 ${MAX_RECORD_CHARS.toLocaleString('en-US')} 个字符`,
      );
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
    } else if (char === ',') {
      endCell();
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[at + 1] === '\n') at += 1;
      line += 1;
      endRecord(at + 1);
    } else if (char === '"' && cell === '' && !closed) {
      quoted = true;
      quoteLine = line;
    } else if (closed) {
      throw new CsvProblem(line, '引号结束后应是逗号或换行');
    } else {
      cell += char;
    }
  }
  if (quoted) throw new CsvProblem(quoteLine, '引号没有闭合');
  if (cell !== '' || cells.length > 0 || closed) endRecord(source.length);
  return records;
}

const columnOf = (header: string[], names: readonly string[]) =>
  header.findIndex((name) => names.includes(name.trim().toLowerCase()));

/**
 * The labelled texts of an evaluation CSV: a header line naming the columns 文本 (or text) and 标签
 * (or label), in any order among others, then a row per text; UTF-8 with or without a BOM. Every
 * problem is a 400 in Chinese naming its line: a bad label, an empty or over-long text, too many
 * rows, a file too large, or CSV that cannot be read.
 */
export async function readEvaluationCsv(csv: string): Promise<LabelledText[]> {
  if (Buffer.byteLength(csv, 'utf8') > SENTIMENT_EVAL_MAX_BYTES)
    throw invalidInput(`文件不能超过 ${SENTIMENT_EVAL_MAX_BYTES / 1024 / 1024} MB`);
  let records: CsvRecord[];
  try {
    // The header, the most rows allowed, and one more to tell that there are too many.
    records = await csvRecords(csv, SENTIMENT_EVAL_MAX_ROWS + 1);
  } catch (error) {
    if (error instanceof CsvProblem) throw invalidInput(error.message);
    throw error;
  }
  const [header, ...rows] = records;
  const names = header?.cells ?? [];
  const textColumn = columnOf(names, SENTIMENT_EVAL_TEXT_COLUMNS);
  const labelColumn = columnOf(names, SENTIMENT_EVAL_LABEL_COLUMNS);
  if (!header || textColumn < 0 || labelColumn < 0)
    throw invalidInput('第 1 行必须是表头，包含「文本」（text）和「标签」（label）两列');
  if (rows.length === 0) throw invalidInput('文件中没有数据行：第 2 行起每行一条文本和它的标签');
  if (rows.length > SENTIMENT_EVAL_MAX_ROWS) {
    const line = rows[SENTIMENT_EVAL_MAX_ROWS]!.line;
    throw invalidInput(
      `数据行不能超过 ${SENTIMENT_EVAL_MAX_ROWS.toLocaleString('en-US')} 行（第 ${line} 行超出）`,
    );
  }
  return rows.map(({ line, cells }) => {
    const text = unprotected(cells[textColumn] ?? '').trim();
    const label = (cells[labelColumn] ?? '').trim();
    if (text === '') throw invalidInput(`第 ${line} 行：文本为空`);
    if (text.length > SENTIMENT_EVAL_MAX_TEXT)
      throw invalidInput(
        `第 ${line} 行：文本超过 ${SENTIMENT_EVAL_MAX_TEXT.toLocaleString('en-US')} 个字符`,
      );
    if (label === '') throw invalidInput(`第 ${line} 行：标签为空，应为 正面、中性 或 负面`);
    if (!isLabel(label))
      throw invalidInput(
        `第 ${line} 行：标签「${label.slice(0, 20)}」无效，应为 正面、中性 或 负面`,
      );
    return { line, text, label };
  });
}

/**
 * The machine's answers on labelled texts against their labels. The shipped model classifies each
 * text on the server's thread, giving other requests a turn every 20 ms.
 */
export async function evaluateSentiments(
  source: SentimentEvaluation['source'],
  texts: readonly LabelledText[],
): Promise<SentimentEvaluation> {
  const model = await loadSentimentModel();
  const pause = eventLoopTurns();
  const rows: SentimentEvalRow[] = [];
  for (const { line, postId, text, label } of texts) {
    rows.push({
      ...(line !== undefined && { line }),
      ...(postId !== undefined && { postId }),
      // The wrong rows are listed: the start of a text says which it is.
      text: text.slice(0, LISTED_TEXT),
      label,
      predicted: model.classify(text),
    });
    await pause();
  }
  return sentimentEvaluationOf(source, rows);
}
