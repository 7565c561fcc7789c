import type { PathCount } from '@yuqing/core';

/** The path tree opens down to this depth: the roots and their children show their children. */
export const EXPANDED_DEPTH = 2;

/** Paths of the nodes to expand: every node down to `depth` (roots are depth 1) with children. */
export function expandedPaths(tree: readonly PathCount[], depth = EXPANDED_DEPTH): string[] {
  const keys: string[] = [];
  const walk = (nodes: readonly PathCount[], level: number) => {
    if (level > depth) return;
    for (const node of nodes) {
      if (node.children.length === 0) continue;
      keys.push(node.path);
      walk(node.children, level + 1);
    }
  };
  walk(tree, 1);
  return keys;
}

/** The largest count in the tree: the full bar. */
export function maxCount(tree: readonly PathCount[]): number {
  let max = 0;
  const walk = (nodes: readonly PathCount[]) => {
    for (const node of nodes) {
      max = Math.max(max, node.value);
      walk(node.children);
    }
  };
  walk(tree);
  return max;
}

export function isTreeEmpty(tree: readonly PathCount[]): boolean {
  return tree.length === 0 || maxCount(tree) === 0;
}
