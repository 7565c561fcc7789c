import {
  PATH_FIELDS,
  parseKeywordQuery,
  queryConditions,
  type FilterField,
  type KeywordNode,
  type PostQuery,
  type Sort,
  type ValueType,
} from '@yuqing/core';
import { badRequest } from '../../errors.js';
import { gramTestSql } from './gram-mask.js';

/** Collects bound parameters; `bind` answers the placeholder for a value. */
export class Params {
  readonly values: (string | number | bigint)[] = [];

  bind(value: string | number): string {
    this.values.push(typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : value);
    return `$${this.values.length}`;
  }

  list(values: readonly string[]): string {
    return `[${values.map((value) => this.bind(value)).join(', ')}]`;
  }
}

export const isPathField = (field: FilterField) =>
  (PATH_FIELDS as readonly string[]).includes(field);

/** Identifiers reach SQL only from core's field lists; this quotes one of them. */
export const column = (field: string) => `"${field}"`;

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
 * A condition on the bigram masks that every post matching the keyword AST meets, or undefined
 * when the AST allows any post (a NOT, a one-character or an author term). The title is part of
 * the search text, so a title term's bigrams are in the mask too.
 */
function keywordPrefilter(node: KeywordNode): string | undefined {
  switch (node.kind) {
    case 'term':
      return node.scope === 'author' ? undefined : gramTestSql(node.text) || undefined;
    case 'and': {
      const parts = node.children.map(keywordPrefilter).filter((part) => part !== undefined);
      return parts.length > 0 ? `(${parts.join(' AND ')})` : undefined;
    }
    case 'or': {
      const parts = node.children.map(keywordPrefilter);
      return parts.every((part) => part !== undefined) ? `(${parts.join(' OR ')})` : undefined;
    }
    case 'not':
      return undefined;
  }
}

/** The bigram-mask condition of a query's keywords, if it has one. */
export function queryPrefilter(query: PostQuery): string | undefined {
  if (!query.q) return undefined;
  const parsed = parseKeywordQuery(query.q);
  return parsed.ok && parsed.ast ? keywordPrefilter(parsed.ast) : undefined;
}

/**
 * The WHERE clause of a query over one project's posts (SEMANTICS.md, "Matching"). With
 * `prefilter`, keywords first narrow the posts by their bigram masks.
 */
export function whereSql(
  projectId: string,
  query: PostQuery,
  params: Params,
  prefilter = false,
): string {
  const parts = [`project_id = ${params.bind(projectId)}`];
  if (query.start !== undefined) parts.push(`created >= ${params.bind(query.start)}`);
  if (query.end !== undefined) parts.push(`created < ${params.bind(query.end)}`);
  if (query.q) {
    const parsed = parseKeywordQuery(query.q);
    if (!parsed.ok) throw badRequest(`q: ${parsed.error.message}`);
    if (parsed.ast) {
      const masks = prefilter && keywordPrefilter(parsed.ast);
      // As a semi-join on rowid, the mask test runs on its small columns alone, and DuckDB reads
      // the search text of the candidates only (a plain AND reads it for every post).
      if (masks) {
        parts.push(
          `rowid IN (SELECT rowid FROM posts WHERE project_id = ${params.bind(projectId)} AND ${masks})`,
        );
      }
      parts.push(keywordSql(parsed.ast, params));
    }
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

/** The per-post measure a value type sums (volume counts). */
function measureSql(valueType: ValueType): string {
  if (valueType === 'volume') return '1';
  if (valueType === 'zpz_num') return '(repost_num + comment_num + like_num)';
  return column(valueType);
}

export const aggregateSql = (valueType: ValueType) =>
  valueType === 'volume'
    ? 'count(*)::DOUBLE'
    : `coalesce(sum(${measureSql(valueType)}), 0)::DOUBLE`;

const LEVEL_ORDER = `CASE media_level WHEN 'A' THEN 0 WHEN 'B' THEN 1 WHEN 'C' THEN 2 WHEN 'D' THEN 3 WHEN 'E' THEN 4 WHEN 'O' THEN 5 ELSE 6 END`;

export function orderSql(sort: Sort): string {
  if (sort === 'rank desc') return `${LEVEL_ORDER} ASC, created DESC, _id ASC`;
  const [field, direction] = sort.split(' ') as [string, 'asc' | 'desc'];
  return `${column(field)} ${direction.toUpperCase()}, _id ASC`;
}

/**
 * The group values of a field: a term field's non-empty value, or each path of one depth in a
 * path field's list (unnested under `alias`, so a post counts once per such path).
 */
export function groupSql(field: FilterField, depth: number, alias = 'g') {
  if (!isPathField(field)) {
    return { from: '', value: column(field), where: `${column(field)} <> ''` };
  }
  const path = `${alias}.path`;
  return {
    from: `, unnest(${column(field)}) AS ${alias}(path)`,
    value: path,
    where: `length(${path}) - length(replace(${path}, '/', '')) = ${Math.trunc(depth)}`,
  };
}
