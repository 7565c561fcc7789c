import type { Post } from '@yuqing/core';

/**
 * A post as an engine stores it for listing: its document as text, and the values kept in
 * columns (tendency and province may have been enriched since, water_post decided by near
 * duplicates, and why: duplicate_of and its similarity). Plain values, so a batch can be handed to
 * a worker thread as it is and parsed there.
 */
export interface ListedPost {
  doc: string;
  tendency: string;
  province: string;
  water_post: string;
  duplicate_of?: string | null;
  duplicate_similarity?: number | string | null;
}

/** The post a listed row holds: its document with the column values over it. */
export function postOfListed(row: ListedPost): Post {
  const post = JSON.parse(row.doc) as Post;
  post.tendency = row.tendency as Post['tendency'];
  post.province = row.province as Post['province'];
  post.water_post = row.water_post as Post['water_post'];
  if (row.duplicate_of) {
    post.duplicate_of = row.duplicate_of;
    post.duplicate_similarity = Number(row.duplicate_similarity);
  }
  return post;
}
