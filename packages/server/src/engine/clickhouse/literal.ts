/**
 * The one place where values become SQL text. ClickHouse 18.16 has no query parameters, so every
 * value reaches a query as a literal written here, and every identifier passes `identifier`.
 */

/** Escapes of the characters a ClickHouse string literal may not hold as they are. */
const ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  "'": "\\'",
  '\0': '\\0',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/** Backslash, quote and the control characters (C0 and DEL). */
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[\\'\u0000-\u001f\u007f]/g;

const escapeChar = (char: string) =>
  ESCAPES[char] ?? `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** A string as a single-quoted ClickHouse literal; the text itself goes as UTF-8. */
export function stringLiteral(value: string): string {
  if (typeof value !== 'string') throw new TypeError(`not a string: ${String(value)}`);
  return `'${value.replace(NEEDS_ESCAPE, escapeChar)}'`;
}

/** A finite number as a literal (integers exactly, others in JavaScript's shortest form). */
export function numberLiteral(value: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TypeError(`not a finite number: ${String(value)}`);
  }
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
    throw new TypeError(`integer out of the exact range: ${value}`);
  }
  // -0 would read as an Int; 0 is the same value.
  return Object.is(value, -0) ? '0' : String(value);
}

export type LiteralValue = string | number | readonly (string | number)[];

/** A string, a number or an array of them as a ClickHouse literal. */
export function literal(value: LiteralValue): string {
  if (typeof value === 'string') return stringLiteral(value);
  if (typeof value === 'number') return numberLiteral(value);
  if (Array.isArray(value)) return `[${value.map((item) => literal(item)).join(', ')}]`;
  throw new TypeError(`no literal for ${typeof value}`);
}

/** The right side of `IN`: a parenthesized list, never empty (an empty list matches nothing). */
export function inList(values: readonly (string | number)[]): string {
  if (values.length === 0) throw new Error('inList needs at least one value');
  return `(${values.map((value) => literal(value)).join(', ')})`;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** An identifier (database, table, column, cluster) checked against a strict pattern. */
export function identifier(name: string): string {
  if (typeof name !== 'string' || !IDENTIFIER.test(name) || name.length > 64) {
    throw new Error(`not an allowed identifier: ${JSON.stringify(name)}`);
  }
  return name;
}
