/** How a model's answer is shown (spec 7): a JSON array of row objects as a table, else text. */
export type ModelAnswerView =
  { kind: 'table'; columns: string[]; rows: string[][] } | { kind: 'text'; text: string };

/** Models often wrap JSON in a Markdown code fence. */
const CODE_FENCE = /^```[\w-]*\s*\n([\s\S]*?)\n?```$/;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isRow = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Reads a model's answer: a JSON array of row objects (inside a code fence or not) becomes a
 * table whose columns are the rows' keys in the order they first appear; anything else is text.
 */
export function readModelAnswer(answer: string): ModelAnswerView {
  const trimmed = answer.trim();
  const json = parseJson(CODE_FENCE.exec(trimmed)?.[1] ?? trimmed);
  if (!Array.isArray(json) || json.length === 0 || !json.every(isRow)) {
    return { kind: 'text', text: answer };
  }
  const columns = [...new Set(json.flatMap((row) => Object.keys(row)))];
  const rows = json.map((row) => columns.map((column) => cellText(row[column])));
  return { kind: 'table', columns, rows };
}
