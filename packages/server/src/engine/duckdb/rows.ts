import { ENGAGEMENT_FIELDS, PATH_FIELDS } from '@yuqing/core';
import type { StoredPost } from '../types.js';
import { gramMask, MASK_WORDS, maskColumn } from './gram-mask.js';
import { EXTRA_FIELDS } from './schema.js';

const MASK = new Set(Array.from({ length: MASK_WORDS }, (_, i) => maskColumn(i)));

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A row as one line for DuckDB's JSON reader, which refuses half of a UTF-16 surrogate pair (a
 * string cut in the middle of an emoji): such halves become U+FFFD.
 */
export function stagedLine(row: Record<string, unknown>): string {
  return JSON.stringify(row, (_key, value: unknown) =>
    typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : value,
  );
}

/** The flat row staged for DuckDB's JSON reader. */
export function toRow(projectId: string, post: StoredPost): Record<string, unknown> {
  const searchText = [post.title, post.text, post.body].join('\u0001').toLowerCase();
  const extra: Record<string, unknown> = {};
  for (const field of EXTRA_FIELDS) if (post[field] !== undefined) extra[field] = post[field];
  const row: Record<string, unknown> = {
    project_id: projectId,
    _id: post._id,
    created: post.created,
    uri: post.uri,
    media_type: post.media_type,
    media_platform: post.media_platform,
    media_level: post.media_level,
    media: post.media,
    author: post.author,
    tendency: post.tendency,
    account_type: post.account_type,
    province: post.province,
    water_post: post.water_post,
    retweeted: post.retweeted,
    title: post.title,
    text: post.text,
    body: post.body,
    search_text: searchText,
    rel: post.rel ?? null,
    hash_tag: post.hash_tag,
    tokens: post.tokens,
    simhash: post.simhash,
    extra,
  };
  for (const field of ENGAGEMENT_FIELDS) row[field] = post[field];
  for (const field of PATH_FIELDS) row[field] = post[field];
  gramMask(searchText).forEach((word, i) => (row[maskColumn(i)] = word));
  return row;
}

/** A row read back from DuckDB (getRowObjectsJS) as the stored post. */
export function fromRow(row: Record<string, unknown>): StoredPost {
  const extra =
    typeof row.extra === 'string' ? (JSON.parse(row.extra) as Record<string, unknown>) : {};
  const post: Record<string, unknown> = { ...extra };
  for (const [key, value] of Object.entries(row)) {
    if (key === 'extra' || key === 'project_id' || key === 'search_text' || MASK.has(key)) continue;
    post[key] = typeof value === 'bigint' ? Number(value) : value;
  }
  if (post.rel === null) delete post.rel;
  return post as unknown as StoredPost;
}
