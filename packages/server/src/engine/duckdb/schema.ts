import { ENGAGEMENT_FIELDS, PATH_FIELDS, TERM_FIELDS } from '@yuqing/core';
import { MASK_WORDS, maskColumn } from './gram-mask.js';

/** Nested parts of a post kept whole, as one JSON document. */
export const EXTRA_FIELDS = [
  'summary',
  'user',
  'imgs',
  'pic_urls',
  'retweeted_status',
  'rel_num',
  'product_mentions',
  'product_infos',
  'comment_infos',
  'kg_infos',
  'location',
] as const;

/**
 * One row per post. `created` is epoch ms; `search_text` is title, text and body lower-cased and
 * joined by U+0001 (which no keyword holds), so a substring never spans two fields.
 */
export const POSTS_COLUMNS: [string, string][] = [
  ['project_id', 'VARCHAR NOT NULL'],
  ['_id', 'VARCHAR NOT NULL'],
  ['created', 'BIGINT NOT NULL'],
  ['uri', 'VARCHAR'],
  ...TERM_FIELDS.map((field): [string, string] => [field, 'VARCHAR']),
  ['title', 'VARCHAR'],
  ['text', 'VARCHAR'],
  ['body', 'VARCHAR'],
  ['search_text', 'VARCHAR'],
  ['rel', 'VARCHAR'],
  ...ENGAGEMENT_FIELDS.map((field): [string, string] => [field, 'BIGINT']),
  ...PATH_FIELDS.map((field): [string, string] => [field, 'VARCHAR[]']),
  ['hash_tag', 'VARCHAR[]'],
  ['tokens', 'VARCHAR[]'],
  ['simhash', 'VARCHAR'],
  ['extra', 'JSON'],
  ...Array.from({ length: MASK_WORDS }, (_, i): [string, string] => [maskColumn(i), 'UINTEGER']),
];

export const CREATE_POSTS = `CREATE TABLE IF NOT EXISTS posts (${POSTS_COLUMNS.map(
  ([name, type]) => `"${name}" ${type}`,
).join(', ')})`;
