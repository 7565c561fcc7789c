import {
  PATH_FIELDS,
  TERM_FIELDS,
  queryConditions,
  type BucketInterval,
  type FilterField,
  type KeywordNode,
  type PostQuery,
  type Sort,
} from '@yuqing/core';
import type { Grouping } from '../sql/dialect.js';
import { isPathField } from '../sql/path-fields.js';
import { identifier, inList, literal, numberLiteral, stringLiteral } from './literal.js';
import { columnName, type Tables } from './schema.js';

const COLUMNS = new Set<string>([
  ...TERM_FIELDS,
  ...PATH_FIELDS,
  'created',
  'engagement_num',
  'repost_num',
  'comment_num',
  'like_num',
  'read_num',
]);

/** A column named by a query: core's field lists only, checked again. */
export function column(field: string): string {
  if (!COLUMNS.has(field)) throw new Error(`not a posts column: ${field}`);
  return identifier(columnName(field));
}

/**
 * Which imports a read sees (see schema.ts): rows of the committed ones, less the rows named in
 * `replaced` by those of them whose replaced rows may still be stored. `hidden` are the project's
 * other imports (open, aborted or deleted), listed until their rows are gone.
 */
export interface Visibility {
  committed: number[];
  hidden: number[];
  pending: number[];
}

/**
 * Committed imports as the range from the first to the last, less the hidden ones inside it: a
 * project's imports grow by one per import for ever, its hidden ones stay few. Import ids grow in
 * the order imports open (see the engine's openImport), so an import that opens after the read of
 * `visibility` lies above the range.
 */
export function visibleSql(projectId: string, visibility: Visibility, tables: Tables): string {
  if (visibility.committed.length === 0) return '0';
  const low = Math.min(...visibility.committed);
  const high = Math.max(...visibility.committed);
  const parts = [`import_id BETWEEN ${numberLiteral(low)} AND ${numberLiteral(high)}`];
  const hidden = visibility.hidden.filter((id) => id > low && id < high);
  if (hidden.length > 0) parts.push(`import_id NOT IN ${inList(hidden)}`);
  if (visibility.pending.length > 0) {
    // A local table: a row and the replaced rows naming it lie on one shard (schema.ts).
    parts.push(
      `(import_id, seq) NOT IN (SELECT old_import_id, old_seq FROM ${tables.replacedLocal}
        WHERE project_id = ${stringLiteral(projectId)} AND by_import_id IN ${inList(visibility.pending)})`,
    );
  }
  return parts.join(' AND ');
}

/**
 * A keyword AST as SQL over `search_text` (title, text and body lower-cased, joined by U+0001) and
 * `author_lc`. Terms are lower case already. Byte positions: UTF-8 substrings are substrings. A
 * title term's first occurrence lies before the first separator.
 */
export function keywordSql(node: KeywordNode): string {
  switch (node.kind) {
    case 'term': {
      const text = stringLiteral(node.text);
      if (node.scope === 'author') return `position(author_lc, ${text}) > 0`;
      if (node.scope === 'title') {
        return `(position(search_text, ${text}) BETWEEN 1 AND position(search_text, '\\x01') - 1)`;
      }
      return `position(search_text, ${text}) > 0`;
    }
    case 'and':
      return `(${node.children.map(keywordSql).join(' AND ')})`;
    case 'or':
      return `(${node.children.map(keywordSql).join(' OR ')})`;
    case 'not':
      return `(NOT ${keywordSql(node.child)})`;
  }
}

/** The WHERE clause of a query over one project's visible posts (SEMANTICS.md, "Matching"). */
export function whereSql(
  projectId: string,
  query: PostQuery,
  visibility: Visibility,
  tables: Tables,
): string {
  const parts = [`project_id = ${stringLiteral(projectId)}`];
  if (query.start !== undefined) parts.push(`created >= ${numberLiteral(query.start)}`);
  if (query.end !== undefined) parts.push(`created < ${numberLiteral(query.end)}`);
  parts.push(visibleSql(projectId, visibility, tables));
  if (query.q?.ast) parts.push(keywordSql(query.q.ast));
  for (const condition of queryConditions(query)) {
    let test: string;
    if (isPathField(condition.field)) {
      test = `hasAny(${column(condition.field)}, ${literal(condition.values)})`;
    } else {
      // An empty value never matches.
      const values = condition.values.filter((value) => value !== '');
      test = values.length > 0 ? `${column(condition.field)} IN ${inList(values)}` : '0';
    }
    parts.push(condition.exclude ? `NOT (${test})` : test);
  }
  if (query.denoise === 'NO') parts.push(`water_post != 'YES'`);
  return parts.join(' AND ');
}

const LEVEL_ORDER = `multiIf(media_level = 'A', 0, media_level = 'B', 1, media_level = 'C', 2, media_level = 'D', 3, media_level = 'E', 4, media_level = 'O', 5, 6)`;

export function orderSql(sort: Sort): string {
  if (sort === 'rank desc') return `${LEVEL_ORDER} ASC, created DESC, _id ASC`;
  const [field, direction] = sort.split(' ') as [string, 'asc' | 'desc'];
  if (direction !== 'asc' && direction !== 'desc') throw new Error(`unknown sort ${sort}`);
  return `${column(field)} ${direction.toUpperCase()}, _id ASC`;
}

/** A path's depth: its slashes (paths are stored normalized, as `/a/b`). */
const depthOf = (name: string) => `(length(${name}) - length(replaceAll(${name}, '/', '')))`;

/**
 * A grouping by a field: a term field's value (as String), or, through arrayJoin, each path of a
 * path field's list. `keep` is a test of the rows to group (a term field's non-empty value). The
 * lambda's parameter is named after the grouping's name, so two groupings of the same path field
 * (a pivot of a field by itself) are two arrayJoins (a cartesian product), not one.
 */
export interface ClickHouseGrouping extends Grouping {
  keep?: string;
}

const termGroup = (field: FilterField): ClickHouseGrouping => ({
  value: `toString(${column(field)})`,
  keep: `${column(field)} != ''`,
});

/** Every path of a path field's lists. */
export const pathsSql = (field: FilterField): ClickHouseGrouping => ({
  value: `arrayJoin(${column(field)})`,
});

/** A term field's non-empty values, or a path field's paths of one depth. */
export function groupSql(field: FilterField, depth: number, name: string): ClickHouseGrouping {
  if (!isPathField(field)) return termGroup(field);
  const path = identifier(`${name}_x`);
  return {
    value: `arrayJoin(arrayFilter(${path} -> ${depthOf(path)} = ${numberLiteral(Math.trunc(depth))}, ${column(field)}))`,
  };
}

/**
 * A grouping whose groups are then tested, for the top values: a path field's every path is
 * grouped and the groups of the wanted depth kept, which computes depths for the few distinct
 * paths rather than for every path of every post.
 */
export function groupThenKeepSql(
  field: FilterField,
  depth: number,
  name: string,
): ClickHouseGrouping {
  if (!isPathField(field)) return termGroup(field);
  return {
    ...pathsSql(field),
    having: `${depthOf(identifier(name))} = ${numberLiteral(Math.trunc(depth))}`,
  };
}

/** A grouping by a field's values among `names` only (a trend's series). */
export function groupAmongSql(
  field: FilterField,
  names: readonly string[],
  name: string,
): ClickHouseGrouping {
  if (!isPathField(field)) {
    return { value: `toString(${column(field)})`, keep: `${column(field)} IN ${inList(names)}` };
  }
  const array = literal(names);
  const path = identifier(`${name}_x`);
  return {
    value: `arrayJoin(arrayFilter(${path} -> has(${array}, ${path}), ${column(field)}))`,
    keep: `hasAny(${column(field)}, ${array})`,
  };
}

/** The rows of `table` matching `where` and the groupings' tests. */
export function groupedRows(
  table: string,
  where: string,
  groups: readonly ClickHouseGrouping[],
): string {
  const keeps = groups.flatMap((group) => (group.keep ? [group.keep] : []));
  return `${table} WHERE ${[where, ...keeps].join(' AND ')}`;
}

/** Epoch ms of `created`'s local bucket start in a zone (ClickHouse's zone functions). */
export function bucketSql(interval: BucketInterval, timeZone: string): string {
  const tz = stringLiteral(timeZone);
  const at = `toDateTime(intDiv(created, 1000), ${tz})`;
  const start = {
    hour: `toStartOfHour(${at}, ${tz})`,
    day: `toStartOfDay(${at}, ${tz})`,
    week: `toDateTime(toMonday(${at}, ${tz}), ${tz})`,
    month: `toDateTime(toStartOfMonth(${at}, ${tz}), ${tz})`,
    year: `toDateTime(toStartOfYear(${at}, ${tz}), ${tz})`,
  }[interval];
  if (!start) throw new Error(`unknown interval ${String(interval)}`);
  return `(toInt64(toUnixTimestamp(${start})) * 1000)`;
}

/** Weekday (Monday 0) and hour of `created` in a zone. */
export function localPartsSql(timeZone: string): { weekday: string; hour: string } {
  const tz = stringLiteral(timeZone);
  const at = `toDateTime(intDiv(created, 1000), ${tz})`;
  return { weekday: `(toDayOfWeek(${at}, ${tz}) - 1)`, hour: `toHour(${at}, ${tz})` };
}
