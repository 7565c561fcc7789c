import type { Post } from '@yuqing/core';

/** What the content part of a card variant draws from. */
export interface VariantProps {
  post: Post;
  terms: readonly string[];
}
