import { ENGAGEMENT_FIELDS, PATH_FIELDS, TERM_FIELDS } from '@yuqing/core';
import { screenName } from '../reference.js';
import type { StoredPost } from '../types.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const SURROGATE = /[\uD800-\uDFFF]/;

/** A string without halves of UTF-16 surrogate pairs, which DuckDB refuses: they become U+FFFD. */
export const wellFormed = (text: string) =>
  SURROGATE.test(text) ? text.replace(LONE_SURROGATE, '\uFFFD') : text;

/**
 * A row as one line for DuckDB's JSON reader, which refuses half of a UTF-16 surrogate pair (a
 * string cut in the middle of an emoji): such halves become U+FFFD.
 */
export function stagedLine(row: Record<string, unknown>): string {
  const line = JSON.stringify(row);
  // JSON.stringify writes a lone surrogate as an escape (\udXXX) and whole pairs as they are, so
  // a line without that escape has none (the slow path also runs on an escaped backslash + "ud").
  if (!line.includes('\\ud')) return line;
  return JSON.stringify(row, (_key, value: unknown) =>
    typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : value,
  );
}

/** Title, text and body lower-cased and joined by U+0001, well formed: what keywords search. */
export const searchTextOf = (post: StoredPost) =>
  wellFormed([post.title, post.text, post.body].join('\u0001').toLowerCase());

/**
 * A post's staged line for DuckDB's JSON reader: its row, with `doc` (the post) written as a JSON
 * object inside the line rather than as an escaped string (the staging table reads it as JSON).
 */
export function stagedRow(
  projectId: string,
  post: StoredPost,
  keys: { pk: number; searchText: string; tokenIds: number[]; seq: number },
): string {
  const row: Record<string, unknown> = {
    project_id: projectId,
    pk: keys.pk,
    _id: post._id,
    created: post.created,
  };
  for (const field of TERM_FIELDS) row[field] = post[field];
  row.title = post.title;
  row.search_text = keys.searchText;
  row.rel = post.rel ?? null;
  row.retweeted_screen_name = screenName(post) || null;
  for (const field of ENGAGEMENT_FIELDS) row[field] = post[field];
  for (const field of PATH_FIELDS) row[field] = post[field];
  row.token_ids = keys.tokenIds;
  row.simhash = post.simhash;
  row.seq = keys.seq;
  const line = stagedLine(row);
  return `${line.slice(0, -1)},"doc":${stagedLine(post as unknown as Record<string, unknown>)}}`;
}

/** A row's `doc` read back from DuckDB as the stored post. */
export const fromDoc = (doc: unknown): StoredPost => JSON.parse(String(doc)) as StoredPost;
