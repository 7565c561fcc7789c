import {
  queryConditions,
  type FilterField,
  type KeywordNode,
  type PostQuery,
  type Sort,
} from '@yuqing/core';
import type { DuckDBValue } from '@duckdb/node-api';
import type { Grouping, Values } from '../sql/dialect.js';
import { isPathField } from '../sql/path-fields.js';
import { termGrams } from './grams.js';
import { columnName } from './schema.js';

/** Collects bound parameters; `bind` answers the placeholder for a value. */
export class Params {
  readonly values: (string | number | bigint | DuckDBValue)[] = [];

  bind(value: string | number | DuckDBValue): string {
    this.values.push(typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : value);
    return `$${this.values.length}`;
  }

  list(values: readonly string[]): string {
    return `[${values.map((value) => this.bind(value)).join(', ')}]`;
  }
}

/** Identifiers reach SQL only from core's field lists; this quotes one's column. */
export const column = (field: string) => `"${columnName(field)}"`;

function keywordSql(node: KeywordNode, params: Params): string {
  switch (node.kind) {
    case 'term': {
      const value = params.bind(node.text);
      if (node.scope === 'title') return `contains(lower(title), ${value})`;
      if (node.scope === 'author') return `contains(lower(author), ${value})`;
      return `contains(search_text, ${value})`;
    }
    case 'and':
      return `(${node.children.map((child) => keywordSql(child, params)).join(' AND ')})`;
    case 'or':
      return `(${node.children.map((child) => keywordSql(child, params)).join(' OR ')})`;
    case 'not':
      return `(NOT ${keywordSql(node.child, params)})`;
  }
}

/**
 * A keyword AST as a set of posts from the bigram index plus a check on the rows: a post matches
 * when its pk is in `set` (if there is one) and `check` holds. A term of two code units is its
 * bigram's posts exactly; a longer term is a superset (the posts holding all its bigrams) checked
 * by substring; what the index cannot narrow is checked on every post.
 *
 * The engine computes each set first, as a bitmap over pks (a DuckDB BIT string, one bit per pk
 * below `size`), and binds it as a parameter, so DuckDB tests each post's pk inside its table scan
 * and reads the search text of the posts in the set only.
 */
export type KeywordSet = { gram: number } | { op: 'and' | 'or'; sets: KeywordSet[] };

/** A set's identity, for caching its bitmap. */
export const setKey = (set: KeywordSet): string =>
  'gram' in set ? String(set.gram) : `${set.op}(${set.sets.map(setKey).join(',')})`;

interface Compiled {
  set?: KeywordSet;
  /** Writes the check, or undefined when the set decides alone. */
  check?: (params: Params, bitmap: Bitmaps) => string;
}

/** Binds the bitmap of a set, answering `{ param, size }`. */
export type Bitmaps = (set: KeywordSet) => { param: string; size: number };

const combine = (sets: KeywordSet[], op: 'and' | 'or'): KeywordSet =>
  sets.length === 1 ? sets[0]! : { op, sets };

/**
 * SQL that a post's pk is (or is not) in a set's bitmap; newer pks than the bitmap are not. CASE
 * reads the bit only below the size (an import may commit newer pks meanwhile), and costs 40% of
 * clamping the pk with least() (10M posts: 200 ms a scan against 500).
 */
const inSet = (bitmaps: Bitmaps, set: KeywordSet, bit: 0 | 1) => {
  const { param, size } = bitmaps(set);
  return `CASE WHEN pk < ${size} THEN get_bit(${param}, pk::INTEGER) ELSE 0 END = ${bit}`;
};

function compileKeyword(node: KeywordNode): Compiled {
  const whole = (params: Params) => keywordSql(node, params);
  switch (node.kind) {
    case 'term': {
      const grams = node.scope === 'author' ? undefined : termGrams(node.text);
      if (!grams) return { check: whole };
      const exact = node.scope === 'all' && node.text.length === 2;
      return {
        set: combine(
          grams.map((gram) => ({ gram })),
          'and',
        ),
        check: exact ? undefined : whole,
      };
    }
    case 'and': {
      const parts = node.children.map(compileKeyword);
      const sets = parts.flatMap((part) => (part.set ? [part.set] : []));
      const checks = parts.flatMap((part) => (part.check ? [part.check] : []));
      return {
        set: sets.length > 0 ? combine(sets, 'and') : undefined,
        check:
          checks.length > 0
            ? (params, bitmaps) =>
                `(${checks.map((check) => check(params, bitmaps)).join(' AND ')})`
            : undefined,
      };
    }
    case 'or': {
      const parts = node.children.map(compileKeyword);
      if (parts.some((part) => !part.set)) return { check: whole };
      return {
        set: combine(
          parts.map((part) => part.set!),
          'or',
        ),
        check: parts.every((part) => !part.check) ? undefined : whole,
      };
    }
    case 'not': {
      const child = compileKeyword(node.child);
      const set = child.set;
      return set && !child.check
        ? { check: (_params, bitmaps) => inSet(bitmaps, set, 0) }
        : { check: whole };
    }
  }
}

/**
 * The WHERE clause of a query over one project's posts (SEMANTICS.md, "Matching"). `bitmaps`
 * binds the bitmap of a keyword set (computed by the engine first).
 */
export function whereSql(
  projectId: string,
  query: PostQuery,
  params: Params,
  bitmaps: Bitmaps,
): string {
  const parts = [`project_id = ${params.bind(projectId)}`];
  if (query.start !== undefined) parts.push(`created >= ${params.bind(query.start)}`);
  if (query.end !== undefined) parts.push(`created < ${params.bind(query.end)}`);
  if (query.q?.ast) {
    const { set, check } = compileKeyword(query.q.ast);
    if (set) parts.push(inSet(bitmaps, set, 1));
    if (check) parts.push(check(params, bitmaps));
  }
  for (const condition of queryConditions(query)) {
    const list = params.list(condition.values);
    const test = isPathField(condition.field)
      ? `list_has_any(${column(condition.field)}, ${list})`
      : `list_contains(${list}, ${column(condition.field)})`;
    parts.push(condition.exclude ? `NOT ${test}` : test);
  }
  if (query.denoise === 'NO') parts.push(`water_post <> 'YES'`);
  return parts.join(' AND ');
}

/** The keyword sets whereSql will ask `bitmaps` for, in order. */
export function keywordSets(query: PostQuery): KeywordSet[] {
  if (!query.q?.ast) return [];
  const found: KeywordSet[] = [];
  whereSql('', { q: query.q }, new Params(), (set) => {
    found.push(set);
    return { param: 'NULL', size: 1 };
  });
  return found;
}

const LEVEL_ORDER = `CASE media_level WHEN 'A' THEN 0 WHEN 'B' THEN 1 WHEN 'C' THEN 2 WHEN 'D' THEN 3 WHEN 'E' THEN 4 WHEN 'O' THEN 5 ELSE 6 END`;

export function orderSql(sort: Sort): string {
  if (sort === 'rank desc') return `${LEVEL_ORDER} ASC, created DESC, _id ASC`;
  const [field, direction] = sort.split(' ') as [string, 'asc' | 'desc'];
  return `${column(field)} ${direction.toUpperCase()}, _id ASC`;
}

/**
 * A grouping by a field: a term field's value, or each path in a path field's list (unnested as
 * `<name>_path`, so a post counts once per path). The groups are tested after grouping (`having`):
 * tested before, the unnested path made DuckDB join every matching post's list back to it, 40
 * times the time at a million posts.
 */
export interface DuckDbGrouping extends Grouping {
  /** The select-list unnest that gives each path of a path field its own row; none for terms. */
  unnest?: string;
}

/** Every path of a path field's lists. */
export const pathsSql = (field: FilterField, name: string): DuckDbGrouping => ({
  unnest: `unnest(${column(field)}) AS ${name}_path`,
  value: `${name}_path`,
});

/** A term field's non-empty values, or a path field's paths of one depth. */
export function groupSql(field: FilterField, depth: number, name: string): DuckDbGrouping {
  if (!isPathField(field)) return { value: column(field), having: `${name} <> ''` };
  return {
    ...pathsSql(field, name),
    having: `length(${name}) - length(replace(${name}, '/', '')) = ${Math.trunc(depth)}`,
  };
}

/** A field's values among `names` only (a trend's series). */
export function groupAmongSql(
  field: FilterField,
  names: readonly string[],
  name: string,
  values: Values,
): DuckDbGrouping {
  return {
    ...(isPathField(field) ? pathsSql(field, name) : { value: column(field) }),
    having: `${name} IN (${names.map((value) => values.bind(value)).join(', ')})`,
  };
}

/**
 * The posts matching `where` as a subquery aliased `posts`, with a row per path of each path
 * field grouped on. The paths are unnested in the select list: unnested in a lateral join, DuckDB
 * pushed the test of the grouped paths below the grouping and joined every post's list back to
 * it (a pivot or series by a path field took 0.4–1.5 s at a million posts; 20–70 ms so).
 */
export function groupedPosts(where: string, groups: readonly DuckDbGrouping[]): string {
  let source = `SELECT * FROM posts WHERE ${where}`;
  for (const group of groups) {
    if (group.unnest) source = `SELECT *, ${group.unnest} FROM (${source})`;
  }
  return `(${source}) AS posts`;
}
