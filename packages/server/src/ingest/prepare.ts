import type { DuplicateKeys, EncodePosts, StoredPost } from '../engine/types.js';
import type { TagMatcher } from '../tagging/compile-matcher.js';
import { enrichInputOf, type Enricher } from './enrich/enrich.js';
import { applyTags } from './import-tagging.js';
import { fromExportedColumns } from './exported-columns.js';
import { csvRowValue, type InputRecord } from './read-records.js';
import { rowFailureMessage, toPost, type RowError } from './to-post.js';

/** What preparing a chunk of input needs to know of its import. */
export interface PrepareContext {
  projectId: string;
  timeZone: string;
  discardWords: readonly string[];
  /** The key of the import's tagging rules (import-tagging.ts); none: posts are not tagged. */
  tagRulesKey?: string;
  /** Platform and media-type names with their codes, for rows of the posts export. */
  codes: [name: string, code: string][];
}

/**
 * A chunk of input rows validated, enriched and encoded for the engine: the per-row work of an
 * import that needs neither the engine nor the rows before it, so worker threads do it in
 * parallel. Near duplicates (water_post) need every earlier post, so the import decides them in
 * order from `duplicates`.
 */
export interface PreparedChunk {
  /** Rows read, accepted or not. */
  rows: number;
  /** The rejected rows, in input order. */
  errors: RowError[];
  /**
   * Per accepted post, in input order: its _id, created and near-duplicate key, and the
   * water_post its row gave, if any.
   */
  duplicates: DuplicateKeys;
  givenWaterPosts: ('YES' | 'NO' | '')[];
  /** The accepted posts as the engine's encoder made them. */
  encoded: unknown;
}

export function prepareChunk(
  records: readonly InputRecord[],
  context: PrepareContext,
  enricher: Enricher,
  encodePosts: EncodePosts,
  matcher?: TagMatcher,
): PreparedChunk {
  const discardWords = new Set(context.discardWords);
  const codes = new Map(context.codes);
  const errors: RowError[] = [];
  let posts: StoredPost[] = [];
  let givenWaterPosts: PreparedChunk['givenWaterPosts'] = [];
  /** Each accepted post's line. */
  const lines: number[] = [];
  for (const record of records) {
    let value: unknown;
    if (record.text !== undefined) {
      try {
        value = JSON.parse(record.text);
      } catch (error) {
        const message = `不是有效的 JSON: ${rowFailureMessage(error)}`;
        errors.push({ line: record.line, field: '', message });
        continue;
      }
    }
    // Whatever a row makes throw (nesting deep enough to overflow the stack, anything else) fails
    // that row, not its chunk: the import goes on with the others.
    try {
      if (record.cells) value = csvRowValue(fromExportedColumns(record.cells, codes));
      const result = toPost(record.line, value, context.timeZone);
      if (!result.ok) {
        errors.push(result.error);
        continue;
      }
      // toPost's answer is a fresh object: enrichment completes it in place.
      const post = result.post as StoredPost;
      const derived = enricher.enrich(enrichInputOf(post), { discardWords });
      post.tendency = derived.tendency;
      post.province = derived.province;
      post.tokens = derived.tokens;
      post.simhash = derived.simhash;
      post.dup_key = derived.dupKey;
      // Why a post is a duplicate is the import's to say, never a row's.
      delete post.duplicate_of;
      delete post.duplicate_similarity;
      delete post.duplicate_source;
      // As a given tendency is kept, so are given tags.
      if (matcher && post.kg_infos === undefined) applyTags(post, matcher);
      const given = givenWaterPost(value);
      posts.push(post);
      givenWaterPosts.push(given);
      lines.push(record.line);
    } catch (error) {
      errors.push({ line: record.line, field: '', message: rowFailureMessage(error) });
    }
  }
  let encoded: unknown;
  try {
    encoded = encodePosts(context.projectId, posts);
  } catch {
    // A post the engine's encoder cannot write (a value nested too deep to stringify) fails its
    // row: each is tried alone, and the chunk is encoded without those that fail.
    const kept = posts.flatMap((post, i) => {
      try {
        encodePosts(context.projectId, [post]);
        return [i];
      } catch (error) {
        errors.push({ line: lines[i]!, field: '', message: rowFailureMessage(error) });
        return [];
      }
    });
    errors.sort((a, b) => a.line - b.line);
    posts = kept.map((i) => posts[i]!);
    givenWaterPosts = kept.map((i) => givenWaterPosts[i]!);
    encoded = encodePosts(context.projectId, posts);
  }
  return {
    rows: records.length,
    errors,
    duplicates: {
      ids: posts.map((post) => post._id),
      created: posts.map((post) => post.created),
      keys: posts.map((post) => post.dup_key ?? ''),
    },
    givenWaterPosts,
    encoded,
  };
}

function givenWaterPost(value: unknown): 'YES' | 'NO' | '' {
  const given = (value as Record<string, unknown>).water_post;
  return given === 'YES' || given === 'NO' ? given : '';
}
