import { KG_PATH_FIELDS, POST_PATH_FIELDS, type PathField, type TermField } from './fields.js';
import { withAncestors } from './paths.js';
import type { KgInfos, Post } from './post.js';

const KG_PREFIX = 'kg_infos.';

/** The kg_infos key a `kg_infos.…` field names, or undefined for a field of the post itself. */
function kgKey(field: TermField | PathField): keyof KgInfos | undefined {
  return field.startsWith(KG_PREFIX) ? (field.slice(KG_PREFIX.length) as keyof KgInfos) : undefined;
}

/** A post's value of a term field: '' when it has none (a post without kg_infos, say). */
export function termValue(post: Post, field: TermField): string {
  const key = kgKey(field);
  if (key === undefined) return post[field as keyof Post] as string;
  return (post.kg_infos?.[key] as string | undefined) ?? '';
}

/** A post's paths of a path field, with their ancestors as imports store them. */
export function pathValues(post: Post, field: PathField): readonly string[] {
  const key = kgKey(field);
  if (key === undefined) return post[field as keyof Post] as string[];
  return (post.kg_infos?.[key] as string[] | undefined) ?? [];
}

/**
 * The post with each path list holding its paths' ancestors, kg_infos' lists too: stored this
 * way, "a path selects itself and its descendants" is list membership (SEMANTICS.md).
 */
export function withPathAncestors(post: Post): Post {
  for (const field of POST_PATH_FIELDS) post[field] = withAncestors(post[field]);
  const kg = post.kg_infos;
  if (kg) {
    for (const field of KG_PATH_FIELDS) {
      const key = kgKey(field) as 'category_paths' | 'brand_paths' | 'topic_paths';
      kg[key] = withAncestors(kg[key]);
    }
  }
  return post;
}
