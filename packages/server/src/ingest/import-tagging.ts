import { createHash } from 'node:crypto';
import { withAncestors, type Post, type StoredTagRules, type TagRules } from '@yuqing/core';
import type { PostTagValues, StoredPost } from '../engine/types.js';
import type { TagMatcher } from '../tagging/compile-matcher.js';
import { tagPost } from '../tagging/tag-post.js';

/** The rules an import tags with, and the key import workers keep their compiled matcher by. */
export interface ImportTagRules {
  key: string;
  rules: TagRules;
}

/**
 * The import's tagging rules, or undefined when the project has none that find anything
 * (negations and relation rules alone tag nothing). The key is the rules' content hash, so a
 * replacement within the same millisecond still reaches the workers.
 */
export function importTagRulesOf(stored: StoredTagRules | undefined): ImportTagRules | undefined {
  if (!stored) return undefined;
  const { brands, categories, products, topics, sentiments } = stored.rules;
  const finds = [brands, categories, products, topics, sentiments].some((list) => list.length > 0);
  if (!finds) return undefined;
  const key = createHash('sha1').update(JSON.stringify(stored.rules)).digest('hex');
  return { key, rules: stored.rules };
}

/** Each rule path's withAncestors, by matcher: the rules' paths are few and met again and again. */
const ancestorsByMatcher = new WeakMap<TagMatcher, Map<string, readonly string[]>>();

/** withAncestors of a list of the matcher's paths, from each path's own, kept. */
function pathsWithAncestors(
  paths: readonly string[],
  kept: Map<string, readonly string[]>,
): string[] {
  const all = new Set<string>();
  for (const path of paths) {
    let ancestors = kept.get(path);
    if (!ancestors) kept.set(path, (ancestors = withAncestors([path])));
    // One path's list is sorted and without repeats already.
    if (paths.length === 1) return [...ancestors];
    for (const ancestor of ancestors) all.add(ancestor);
  }
  return [...all].sort();
}

/** A post's tags by the rules as stored: kg_infos' path lists hold their ancestors. */
export function storedTagsOf(post: Post, matcher: TagMatcher): PostTagValues {
  const tags = tagPost(matcher, post);
  const kg = tags.kg_infos;
  let kept = ancestorsByMatcher.get(matcher);
  if (!kept) ancestorsByMatcher.set(matcher, (kept = new Map()));
  return {
    kg_infos: {
      ...kg,
      category_paths: pathsWithAncestors(kg.category_paths, kept),
      brand_paths: pathsWithAncestors(kg.brand_paths, kept),
      topic_paths: pathsWithAncestors(kg.topic_paths, kept),
    },
    product_mentions: tags.product_mentions,
    product_infos: tags.product_infos,
  };
}

/** Sets a post's kg_infos, product_mentions and product_infos from the rules. */
export function applyTags(post: StoredPost, matcher: TagMatcher): void {
  Object.assign(post, storedTagsOf(post, matcher));
}
