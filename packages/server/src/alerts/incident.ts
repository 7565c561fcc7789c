import type { AlertPost, NameValue, Post, RuleQuery } from '@yuqing/core';
import { postOfListed } from '../engine/listed-post.js';
import type { EngineScope, PostsEngine } from '../engine/types.js';
import { NEAR_DUPLICATE_BITS, hammingDistance, simhash } from '../ingest/enrich/simhash.js';
import { windowQuery, type TimeRange } from './window-query.js';

const TOP_POSTS = 5;
const TOP_WORDS = 10;
const TOP_PLATFORMS = 5;
/** Posts of the incident read (oldest first) to find its first post. */
const FIRST_POST_SCAN = 20_000;
const WORDS_OF_POSTS = 20_000;

export interface IncidentPosts {
  top_posts: AlertPost[];
  top_words: NameValue[];
  platforms: NameValue[];
  first_post: AlertPost | null;
}

export const alertPostOf = (post: Post): AlertPost => ({
  _id: post._id,
  title: post.title || (post.text || post.body).slice(0, 120),
  uri: post.uri,
  created: post.created,
  author: post.author,
  media: post.media,
  media_platform: post.media_platform,
  engagement_num: post.engagement_num,
});

/** The post a retweet retweets, by the retweeted post's id. */
const parentOf = (post: Post): string | undefined => {
  const original = post.retweeted_status?._id;
  return typeof original === 'string' ? original : post.rel || undefined;
};

const storyText = (post: Post) => `${post.title}\n${post.text || post.body}`;

/**
 * 首发 of an incident: the earliest post, among the incident's matching posts, of the lead
 * post's story: its retweet chain (posts whose chain of retweeted posts meets the lead's) and
 * near duplicates of the chain's original (SimHash within NEAR_DUPLICATE_BITS, as imports decide
 * water posts).
 */
export function firstPostOf(lead: Post, postsOldestFirst: readonly Post[]): Post {
  const byId = new Map(postsOldestFirst.map((post) => [post._id, post]));
  const rootOf = (post: Post) => {
    let current = post;
    for (let hops = 0; hops < 100; hops++) {
      const parent = parentOf(current);
      const next = parent === undefined ? undefined : byId.get(parent);
      if (!next) return parent ?? current._id;
      current = next;
    }
    return current._id;
  };
  const leadRoot = rootOf(lead);
  // A retweet's own words are a comment; the story's text is that of the post it retweets.
  const leadHash = simhash(storyText(byId.get(leadRoot) ?? lead));
  return (
    postsOldestFirst.find(
      (post) =>
        rootOf(post) === leadRoot ||
        hammingDistance(simhash(storyText(post)), leadHash) <= NEAR_DUPLICATE_BITS,
    ) ?? lead
  );
}

/** What an alert shows of its incident: top posts by engagement, words, platforms, 首发. */
export async function describeIncident(
  engine: PostsEngine,
  scope: EngineScope,
  focus: RuleQuery,
  incident: TimeRange,
): Promise<IncidentPosts> {
  const query = windowQuery(focus, incident);
  const [top, words, platforms] = await Promise.all([
    engine.search(scope, query, { size: TOP_POSTS, page: 0, sort: 'engagement_num desc' }),
    engine.words(scope, query, { size: TOP_WORDS, recent: WORDS_OF_POSTS }),
    engine.terms(scope, query, {
      field: 'media_platform',
      size: TOP_PLATFORMS,
      valueType: 'volume',
    }),
  ]);
  const lead = top.list[0];
  let first: Post | null = null;
  if (lead) {
    const posts: Post[] = [];
    for await (const batch of engine.scan(scope, query, 'created asc')) {
      posts.push(...batch.map(postOfListed));
      if (posts.length >= FIRST_POST_SCAN) break;
    }
    first = firstPostOf(lead, posts);
  }
  return {
    top_posts: top.list.map(alertPostOf),
    top_words: words,
    platforms,
    first_post: first && alertPostOf(first),
  };
}
