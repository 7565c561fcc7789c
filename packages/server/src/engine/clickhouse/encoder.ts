import {
  ENGAGEMENT_FIELDS,
  PATH_FIELDS,
  TERM_FIELDS,
  pathValues,
  termValue,
  type Post,
} from '@yuqing/core';
import { postOfListed, type ListedPost } from '../listed-post.js';
import { screenName } from '../retweeted.js';
import type { ImportWaterPost, StoredPost } from '../types.js';
import { columnName } from './schema.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A value as JSON for ClickHouse's JSONEachRow reader, which reads UTF-8: halves of UTF-16
 * surrogate pairs (a string cut in the middle of an emoji) become U+FFFD.
 */
function json(value: unknown): string {
  const line = JSON.stringify(value);
  // JSON.stringify writes a lone surrogate as an escape (\udXXX) and whole pairs as they are.
  if (!line.includes('\\ud')) return line;
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'string' ? item.replace(LONE_SURROGATE, '\uFFFD') : item,
  );
}

/** Title, text and body lower-cased and joined by U+0001: what unscoped keywords search. */
export const searchTextOf = (post: Post) =>
  [post.title, post.text, post.body].join('\u0001').toLowerCase();

/**
 * A batch of posts as the ClickHouse engine inserts them, computed from the posts alone (an import
 * worker does it): each post's JSONEachRow line, open at the end, and its _id. What needs the
 * import (import_id, seq, water_post) is added by `closeRow`.
 */
export interface EncodedPosts {
  rows: string[];
  ids: string[];
}

export function encodePosts(projectId: string, posts: readonly StoredPost[]): EncodedPosts {
  return {
    rows: posts.map((post) => openRow(projectId, post)),
    ids: posts.map((post) => post._id),
  };
}

function openRow(projectId: string, post: StoredPost): string {
  const row: Record<string, unknown> = {
    project_id: projectId,
    _id: post._id,
    created: post.created,
  };
  for (const field of TERM_FIELDS)
    if (field !== 'water_post') row[columnName(field)] = termValue(post, field) ?? '';
  row.title = post.title ?? '';
  row.search_text = searchTextOf(post);
  row.author_lc = (post.author ?? '').toLowerCase();
  row.rel = post.rel ?? '';
  row.retweeted_screen_name = screenName(post) ?? '';
  for (const field of ENGAGEMENT_FIELDS) row[field] = post[field] ?? 0;
  for (const field of PATH_FIELDS) row[columnName(field)] = pathValues(post, field) ?? [];
  row.tokens = post.tokens ?? [];
  row.simhash = post.simhash ?? '';
  row.dup_key = post.dup_key ?? '';
  // JSON leaves out undefined values.
  const doc = {
    ...post,
    tokens: undefined,
    simhash: undefined,
    water_post: undefined,
    dup_key: undefined,
    duplicate_of: undefined,
    duplicate_similarity: undefined,
    duplicate_source: undefined,
  };
  row.doc = json(doc);
  return json(row).slice(0, -1);
}

/** A row of `EncodedPosts.rows` completed, as one JSONEachRow line. */
export const closeRow = (
  row: string,
  keys: { importId: number; seq: number; waterPost: Omit<ImportWaterPost, 'decided'> },
) => {
  const { value, duplicateOf = '', similarity = 0 } = keys.waterPost;
  if (value !== 'YES' && value !== 'NO') throw new Error('water_post: YES or NO');
  if (!Number.isFinite(similarity)) throw new Error('duplicate_similarity: a number');
  return `${row},"import_id":${keys.importId},"seq":${keys.seq},"water_post":"${value}","duplicate_of":${json(duplicateOf)},"duplicate_similarity":${duplicateOf ? similarity : 0}}`;
};

/** A listed post's columns, as `fromDoc` reads them (aliases unlike any column's name). */
export const LISTED_COLUMNS = `doc, toString(tendency) AS v_tendency, toString(province) AS v_province, toString(water_post) AS v_water_post, duplicate_of, duplicate_similarity`;

export type ListedRow = {
  doc: string;
  v_tendency: string;
  v_province: string;
  v_water_post: string;
  duplicate_of?: string;
  duplicate_similarity?: number | string;
};

/** A listed row under the names every engine lists by. */
export const listedOf = (row: ListedRow): ListedPost => ({
  doc: row.doc,
  tendency: row.v_tendency,
  province: row.v_province,
  water_post: row.v_water_post,
  duplicate_of: row.duplicate_of,
  duplicate_similarity: row.duplicate_similarity,
});

/** A listed post read from its row (`LISTED_COLUMNS`). */
export const fromDoc = (row: ListedRow): Post => postOfListed(listedOf(row));
