import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  TAG_RULE_CSV_COLUMNS,
  TAG_RULE_WORD_SEPARATOR,
  tagRuleCsvRow,
  tagRules,
  type TagRuleCsvRow,
  type TagRuleKind,
  type TagRules,
} from '@yuqing/core';
import { invalidInput } from '../refusals.js';
import { ThreadCalls } from '../jobs/thread-calls.js';
import type { ReadRulesCsv, RulesCsvAnswer, RulesCsvCall } from './rules-csv-thread.js';
import { neutralised } from '../export/posts-file.js';

const BOM = '\uFEFF';
const joinWords = (words: readonly string[]) => words.join(TAG_RULE_WORD_SEPARATOR);
const splitWords = (cell: string) =>
  cell
    .split(TAG_RULE_WORD_SEPARATOR)
    .map((word) => word.trim())
    .filter((word) => word !== '');

/**
 * A text cell as a spreadsheet may open it: what it would run as a formula (=, +, -, @, tab, CR
 * first) gets an apostrophe in front, as the posts export writes it, and so does text that starts
 * with an apostrophe, so that reading drops exactly the one added.
 */
const writtenCell = (text: string) => (text.startsWith("'") ? `'${text}` : `${neutralised(text)}`);

/** A cell as `writtenCell` wrote it, read back: the apostrophe it added dropped. */
function readCell(text: string): string {
  if (!text.startsWith("'")) return text;
  const rest = text.slice(1);
  return rest.startsWith("'") || neutralised(rest) !== rest ? rest : text;
}

/** The rules as one CSV table, a rule a line, with the BOM Excel needs to read UTF-8. */
export function writeRulesCsv(rules: TagRules): string {
  const row = (kind: TagRuleKind, { weight, ...texts }: Partial<Omit<TagRuleCsvRow, 'kind'>>) => ({
    kind,
    ...Object.fromEntries(
      Object.entries(texts).map(([column, text]) => [column, writtenCell(text)]),
    ),
    // A number, negative or not, is no formula.
    ...(weight !== undefined && { weight }),
  });
  const rows = [
    ...rules.brands.map((b) =>
      row('brand', { name: b.name, path: b.path, words: joinWords(b.aliases) }),
    ),
    ...rules.categories.map((c) =>
      row('category', { name: c.name, path: c.path, words: joinWords(c.aliases) }),
    ),
    ...rules.products.map((p) =>
      row('product', {
        name: p.name,
        brand: p.brand,
        category: p.category,
        type: p.type,
        words: joinWords(p.aliases),
      }),
    ),
    ...rules.topics.map((t) =>
      row('topic', { name: t.name, path: t.path, words: joinWords(t.words) }),
    ),
    ...rules.sentiments.map((s) => row('sentiment', { name: s.word, weight: String(s.weight) })),
    ...rules.negations.map((word) => row('negation', { name: word })),
    ...rules.relations.map((r) =>
      row('relation', {
        name: r.name,
        brand: r.brand,
        product: r.product,
        topic: r.topic,
        emotion: r.emotion,
      }),
    ),
  ];
  return BOM + stringify(rows, { header: true, columns: [...TAG_RULE_CSV_COLUMNS] });
}

type RuleLists = { [K in keyof TagRules]: unknown[] };
const LIST_OF_KIND: Record<TagRuleKind, keyof TagRules> = {
  brand: 'brands',
  category: 'categories',
  product: 'products',
  topic: 'topics',
  sentiment: 'sentiments',
  negation: 'negations',
  relation: 'relations',
};

/** The CSV column a rule's field is read from, where their names differ. */
const CSV_COLUMN_OF_FIELD: Record<string, string> = { word: 'name', aliases: 'words' };

/**
 * Reads rules from CSV as written by `writeRulesCsv` (a header line naming the columns, in any
 * order; `kind` is required). Anything wrong is a 400 naming its line and column.
 */
export function readRulesCsv(csv: string): TagRules {
  const records = parseRecords(csv);
  const lists: RuleLists = {
    brands: [],
    categories: [],
    products: [],
    topics: [],
    sentiments: [],
    negations: [],
    relations: [],
  };
  const lines: { [K in keyof TagRules]: number[] } = {
    brands: [],
    categories: [],
    products: [],
    topics: [],
    sentiments: [],
    negations: [],
    relations: [],
  };
  for (const { line, record } of records) {
    const parsed = tagRuleCsvRow.safeParse(record);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw invalidInput(`第 ${line} 行 ${issue.path.join('.')}: ${issue.message}`);
    }
    const list = LIST_OF_KIND[parsed.data.kind];
    lists[list].push(ruleOf(parsed.data, line));
    lines[list].push(line);
  }
  const rules = tagRules.safeParse(lists);
  if (!rules.success) {
    const issue = rules.error.issues[0]!;
    const [list, index, ...field] = issue.path as [keyof TagRules, number, ...PropertyKey[]];
    const line = lines[list]?.[index];
    const column = field.map((key) => CSV_COLUMN_OF_FIELD[String(key)] ?? String(key)).join('.');
    const where =
      line === undefined ? issue.path.join('.') : `第 ${line} 行${column ? ` ${column}` : ''}`;
    throw invalidInput(`${where}: ${issue.message}`);
  }
  return rules.data;
}

function parseRecords(csv: string): { line: number; record: Record<string, string> }[] {
  try {
    const rows = parse(csv, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim()),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
    }) as { info: { lines: number }; record: Record<string, string> }[];
    if (rows.length > 0 && !('kind' in rows[0]!.record))
      throw invalidInput('CSV 第 1 行必须是表头，且包含 kind 列');
    return rows.map(({ info, record }) => ({
      line: info.lines,
      record: Object.fromEntries(
        Object.entries(record).map(([column, text]) => [column, readCell(text)]),
      ),
    }));
  } catch (error) {
    if (error instanceof CsvError)
      throw invalidInput(`CSV 格式错误（第 ${error.lines ?? '?'} 行）：${error.message}`);
    throw error;
  }
}

function ruleOf(row: TagRuleCsvRow, line: number): unknown {
  switch (row.kind) {
    case 'brand':
    case 'category':
      return { name: row.name, path: row.path, aliases: splitWords(row.words) };
    case 'product':
      return {
        name: row.name,
        type: row.type,
        brand: row.brand,
        category: row.category,
        aliases: splitWords(row.words),
      };
    case 'topic':
      return { name: row.name, path: row.path, words: splitWords(row.words) };
    case 'sentiment': {
      const weight = Number(row.weight);
      if (row.weight === '' || !Number.isFinite(weight))
        throw invalidInput(`第 ${line} 行 weight: 必须是数字`);
      return { word: row.name, weight };
    }
    case 'negation':
      return row.name;
    case 'relation':
      return {
        name: row.name,
        brand: row.brand,
        product: row.product,
        topic: row.topic,
        emotion: row.emotion,
      };
  }
}

/**
 * The thread rules CSV is read and written in: 3.6 MB of CSV took seconds to parse and validate,
 * and as long to write. A file that takes longer than the largest allowed would ends the thread.
 */
const csvThread = new ThreadCalls<RulesCsvCall, RulesCsvAnswer>(
  new URL('./rules-csv-thread.ts', import.meta.url),
  { timeoutMs: 120_000, timeoutMessage: 'csv: 文件处理超时，请拆分后再导入', idleMs: 60_000 },
);

/**
 * `readRulesCsv` in a worker thread: the rules as JSON text (to store as they are) and how many
 * there are of each kind. Refusals are the same 400s.
 */
export async function readRulesCsvOffThread(csv: string): Promise<ReadRulesCsv> {
  return (await csvThread.call({ op: 'read', csv })) as ReadRulesCsv;
}

/** `writeRulesCsv` of rules given as JSON text, in a worker thread, as UTF-8 bytes. */
export async function writeRulesCsvOffThread(json: string): Promise<Buffer> {
  const bytes = (await csvThread.call({ op: 'write', json })) as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
