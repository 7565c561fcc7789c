import type { EncodePosts } from '../../src/engine/types.js';

/** The reference engine's encoder: it stores posts as they are. */
export const encodePosts: EncodePosts = (_projectId, posts) => posts;
