import type { RetweetGraph } from '../types.js';

/**
 * A node as an engine's query finds it among the matching retweets: a parent (a post the top
 * retweets point at) with its retweets' ids as `targets`, or a retweet with `targets` null. A
 * parent's name and time come from its retweets: the screen name they give and the earliest one.
 */
export interface RetweetNodeRow {
  id: string;
  value: number;
  name: string | null;
  created: number;
  targets: readonly string[] | null;
}

/** The parents' ids: the posts to look up, since a stored parent names itself. */
export const parentIds = (nodes: readonly RetweetNodeRow[]): string[] =>
  nodes.filter((node) => node.targets !== null).map((node) => node.id);

/** The graph: stored parents by their own author and time; edges from each parent to its retweets. */
export function retweetGraphOf(
  nodes: readonly RetweetNodeRow[],
  stored: ReadonlyMap<string, { author: string; created: number }>,
): RetweetGraph {
  return {
    nodes: nodes.map(({ id, value, name, created }) => {
      const post = stored.get(id);
      return {
        id,
        name: post ? post.author : (name ?? ''),
        value,
        created: post ? post.created : created,
      };
    }),
    edges: nodes.flatMap(({ id, targets }) =>
      (targets ?? []).map((target) => ({ source: id, target })),
    ),
  };
}
