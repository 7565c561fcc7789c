import type { Post, PostCorrectionAnswer } from '@yuqing/core';
import { create } from 'zustand';

/** A post's values as a correction left them. */
export type CorrectedValues = PostCorrectionAnswer['post'];

interface CorrectionState {
  /** Posts corrected in this page's life, by _id: cards show these values over their own. */
  posts: Record<string, CorrectedValues>;
  /** Raised by every correction: the page's widgets load again, so they count it. */
  generation: number;
  corrected(values: CorrectedValues): void;
}

export const useCorrections = create<CorrectionState>((set) => ({
  posts: {},
  generation: 0,
  corrected(values) {
    set((state) => ({
      posts: { ...state.posts, [values._id]: values },
      generation: state.generation + 1,
    }));
  },
}));

/** A post as listed, with the values of a correction made since it was loaded. */
export function withCorrection(post: Post, values: CorrectedValues | undefined): Post {
  if (!values) return post;
  const next: Record<string, unknown> = {
    ...post,
    tendency: values.tendency,
    water_post: values.water_post,
    corrected: values.corrected,
  };
  // A post no longer marked as a duplicate repeats no other.
  if (values.water_post === 'NO') {
    delete next.duplicate_of;
    delete next.duplicate_similarity;
    delete next.duplicate_source;
  }
  return next as Post;
}

/** The post with the newest correction made on this page, if any. */
export function useCorrectedPost(post: Post): Post {
  const values = useCorrections((state) => state.posts[post._id]);
  return withCorrection(post, values);
}
