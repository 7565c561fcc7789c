import type { StoredPost } from './types.js';

/** `retweeted_status.user.screen_name` of a retweet, when it is a string. */
export function screenName(post: StoredPost): string | undefined {
  const user = post.retweeted_status?.user;
  if (typeof user !== 'object' || user === null) return undefined;
  const name = (user as Record<string, unknown>).screen_name;
  return typeof name === 'string' ? name : undefined;
}
