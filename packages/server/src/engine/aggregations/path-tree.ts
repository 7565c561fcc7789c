import type { PathCount } from '@yuqing/core';

const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The topic tree from each path's post count: a node's children are the paths one level below
 * it, at most `size` per level, by count and then path.
 */
export function pathTree(
  counts: Iterable<{ path: string; value: number }>,
  size: number,
): PathCount[] {
  const children = new Map<string, PathCount[]>();
  for (const { path, value } of counts) {
    const cut = path.lastIndexOf('/');
    const parent = cut <= 0 ? '' : path.slice(0, cut);
    const node: PathCount = { name: path.slice(cut + 1), path, value, children: [] };
    const siblings = children.get(parent);
    if (siblings) siblings.push(node);
    else children.set(parent, [node]);
  }
  const level = (parent: string): PathCount[] =>
    (children.get(parent) ?? [])
      .sort((a, b) => b.value - a.value || compareStrings(a.path, b.path))
      .slice(0, size)
      .map((node) => ({ ...node, children: level(node.path) }));
  return level('');
}
