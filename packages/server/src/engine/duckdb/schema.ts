import {
  ENGAGEMENT_FIELDS,
  KG_PATH_FIELDS,
  KG_TERM_FIELDS,
  PATH_FIELDS,
  TERM_FIELDS,
} from '@yuqing/core';

/** A field's column: a `kg_infos.…` field's is `kg_…` (`kg_infos.emotion` in kg_emotion). */
export const columnName = (field: string) =>
  field.startsWith('kg_infos.') ? `kg_${field.slice('kg_infos.'.length)}` : field;

/**
 * The columns of kg_infos' fields, which databases written before them gain at open, with
 * defaults that match as an empty value does.
 */
export const KG_COLUMNS: [string, string][] = [
  ...KG_TERM_FIELDS.map((field): [string, string] => [columnName(field), `VARCHAR DEFAULT ''`]),
  ...KG_PATH_FIELDS.map((field): [string, string] => [
    columnName(field),
    'VARCHAR[] DEFAULT []::VARCHAR[]',
  ]),
];

/**
 * A post's near-duplicate key, and the earlier post it repeats with their similarity (water_post's
 * reason), which databases written before them gain at open: '' and 0 for a post stored before.
 */
export const DUPLICATE_COLUMNS: [string, string][] = [
  ['dup_key', `VARCHAR DEFAULT ''`],
  ['duplicate_of', `VARCHAR DEFAULT ''`],
  ['duplicate_similarity', 'DOUBLE DEFAULT 0'],
];

/**
 * One row per post: the columns queries filter, group and sort on, and `doc`, the post as given
 * (JSON). `pk` is a number unique among all posts ever stored, never reused, which `post_grams`
 * lists. `created` is epoch ms; `search_text` is title, text and body lower-cased and joined by
 * U+0001 (which no keyword holds), so a substring never spans two fields. `token_ids` are the
 * word-cloud tokens as ids of `words`.
 *
 * A listed page reads `doc` alone (DuckDB fetches the columns of the top rows after sorting), so
 * it is ZSTD-compressed: a row is fetched from it in a fraction of the time FSST's needs.
 */
export const POSTS_COLUMNS: [string, string][] = [
  ['project_id', 'VARCHAR NOT NULL'],
  ['pk', 'UINTEGER NOT NULL'],
  ['_id', 'VARCHAR NOT NULL'],
  ['created', 'BIGINT NOT NULL'],
  ...TERM_FIELDS.map((field): [string, string] => [columnName(field), 'VARCHAR']),
  ['title', 'VARCHAR'],
  ['search_text', 'VARCHAR'],
  ['rel', 'VARCHAR'],
  ['retweeted_screen_name', 'VARCHAR'],
  ...ENGAGEMENT_FIELDS.map((field): [string, string] => [field, 'BIGINT']),
  ...PATH_FIELDS.map((field): [string, string] => [columnName(field), 'VARCHAR[]']),
  ['token_ids', 'UINTEGER[]'],
  ['simhash', 'VARCHAR'],
  ['dup_key', 'VARCHAR'],
  ['duplicate_of', 'VARCHAR'],
  ['duplicate_similarity', 'DOUBLE'],
  ['doc', 'VARCHAR'],
];

/**
 * `search_text` is stored uncompressed: a keyword's bigram set selects scattered posts, and
 * decoding FSST-compressed text costs per vector of 2048 posts whichever of them are needed.
 */
const COMPRESSION: Record<string, string> = {
  doc: ' USING COMPRESSION zstd',
  search_text: ' USING COMPRESSION uncompressed',
};

export const CREATE_POSTS = `CREATE TABLE IF NOT EXISTS posts (${POSTS_COLUMNS.map(
  ([name, type]) => `"${name}" ${type}${COMPRESSION[name] ?? ''}`,
).join(', ')})`;

/**
 * An index on `_id` for point lookups (the retweet graph's parents): a filter on `_id` otherwise
 * compares every post's, 80 ms at a million posts.
 */
export const CREATE_POSTS_ID = `CREATE INDEX IF NOT EXISTS posts_id ON posts (_id)`;

/** Word-cloud words by id, shared by all projects; ids are never reused. */
export const CREATE_WORDS = `CREATE TABLE IF NOT EXISTS words (id UINTEGER NOT NULL, word VARCHAR NOT NULL)`;

/**
 * The bigram index (see grams.ts): per segment of posts with consecutive pks from `base`, a row
 * per bigram whose `postings` lists the segment's posts holding it. Each segment adds its rows
 * ordered by bigram.
 */
export const CREATE_POST_GRAMS = `CREATE TABLE IF NOT EXISTS post_grams (project_id VARCHAR NOT NULL, gram UINTEGER NOT NULL, base UINTEGER NOT NULL, postings BLOB NOT NULL)`;
