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
import { SegmentBuilder, type SegmentRows } from './grams.js';
import { columnName } from './schema.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const SURROGATE = /[\uD800-\uDFFF]/;

/** A string without halves of UTF-16 surrogate pairs, which DuckDB refuses: they become U+FFFD. */
export const wellFormed = (text: string) =>
  SURROGATE.test(text) ? text.replace(LONE_SURROGATE, '\uFFFD') : text;

/**
 * A row as one line for DuckDB's JSON reader, which refuses half of a UTF-16 surrogate pair (a
 * string cut in the middle of an emoji): such halves become U+FFFD.
 */
export function stagedLine(row: object): string {
  const line = JSON.stringify(row);
  // JSON.stringify writes a lone surrogate as an escape (\udXXX) and whole pairs as they are, so
  // a line without that escape has none (the slow path also runs on an escaped backslash + "ud").
  if (!line.includes('\\ud')) return line;
  return JSON.stringify(row, (_key, value: unknown) =>
    typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : value,
  );
}

/** Title, text and body lower-cased and joined by U+0001, well formed: what keywords search. */
export const searchTextOf = (post: Post) =>
  wellFormed([post.title, post.text, post.body].join('\u0001').toLowerCase());

/**
 * A batch of at most ENCODED_BATCH posts (one bigram segment) as the DuckDB engine stages it,
 * computed from the posts alone, so an import worker thread can do it. What needs the engine's
 * state or the whole import in order (pk, word ids, water_post) is added by `closeRow`.
 */
export interface EncodedPosts {
  /** Each post's staged row as JSON, open at the end. */
  rows: string[];
  /** Each post's word-cloud tokens. */
  tokens: string[][];
  /** The batch's bigram segment, a post's place being its index here. */
  segment: SegmentRows;
}

export function encodePosts(projectId: string, posts: readonly StoredPost[]): EncodedPosts {
  const segment = new SegmentBuilder();
  const rows = posts.map((post, place) => {
    const searchText = searchTextOf(post);
    segment.add(place, searchText);
    return openRow(projectId, post, searchText);
  });
  return { rows, tokens: posts.map((post) => post.tokens), segment: segment.build() };
}

/**
 * A post's staged row for DuckDB's JSON reader without its closing brace, with `doc` (the post
 * less what enrichment keeps in columns only) written as a JSON object inside the line rather than
 * as an escaped string: the staging table reads it as JSON.
 */
function openRow(projectId: string, post: StoredPost, searchText: string): string {
  const row: Record<string, unknown> = {
    project_id: projectId,
    _id: post._id,
    created: post.created,
  };
  for (const field of TERM_FIELDS)
    if (field !== 'water_post') row[columnName(field)] = termValue(post, field);
  row.title = post.title;
  row.search_text = searchText;
  row.rel = post.rel ?? null;
  row.retweeted_screen_name = screenName(post) || null;
  for (const field of ENGAGEMENT_FIELDS) row[field] = post[field];
  for (const field of PATH_FIELDS) row[columnName(field)] = pathValues(post, field);
  row.simhash = post.simhash;
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
  return `${stagedLine(row).slice(0, -1)},"doc":${stagedLine(doc)}`;
}

/** A row of `EncodedPosts.rows` completed, as one line. */
export const closeRow = (
  row: string,
  keys: { pk: number; seq: number; tokenIds: readonly number[]; waterPost: ImportWaterPost },
) =>
  `${row},"pk":${keys.pk},"seq":${keys.seq},"token_ids":[${keys.tokenIds.join(',')}],"water_post":"${keys.waterPost.value}","water_decided":${keys.waterPost.decided},"duplicate_of":${JSON.stringify(wellFormed(keys.waterPost.duplicateOf ?? ''))},"duplicate_similarity":${keys.waterPost.duplicateOf ? (keys.waterPost.similarity ?? 0) : 0}}`;

/** The columns a listed post is read from (`fromDoc`). */
export const LISTED_COLUMNS =
  'doc, tendency, province, water_post, duplicate_of, duplicate_similarity';

/** A listed post read from its row (`LISTED_COLUMNS`). */
export const fromDoc = (row: Record<string, unknown>): Post =>
  postOfListed(row as unknown as ListedPost);
