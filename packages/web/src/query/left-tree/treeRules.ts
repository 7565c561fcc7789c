import {
  FILTER_FIELDS,
  compactRequest,
  type ChartRequest,
  type LeftTreeMenu,
  type OptionItem,
  type PathCount,
  type PathField,
  type QueryState,
} from '@yuqing/core';
import { limitValues, sameValues } from '../bar/selection';

/** The field the tree's selection goes to: a custom tree may name its own. */
export const treeFieldOf = (config: LeftTreeMenu): PathField =>
  (config.isCustomData && config.customField) || config.field;

/** Single mode: the clicked path becomes the selection; clicking it again keeps it. */
export function selectSingle(selected: readonly string[], path: string): string[] | null {
  return sameValues(selected, [path]) ? null : [path];
}

/**
 * Multi mode (spec 4 and 5): a click toggles the path; beyond `max` the selection is cut to its
 * first `max` paths (so the new one is dropped) and the caller shows 最多支持选择N项.
 */
export function togglePath(
  selected: readonly string[],
  path: string,
  max: number,
): { values: string[]; truncated: boolean } {
  const next = selected.includes(path)
    ? selected.filter((value) => value !== path)
    : [...selected, path];
  return limitValues(next, max);
}

/**
 * The volume call of `showBuzz`: the page's query without the tree's own selection (every node
 * shows its volume, not only the selected ones), counted per path with `common_all_topic`.
 */
export function buzzRequest(query: QueryState, field: PathField): ChartRequest {
  const fields = Object.fromEntries(
    FILTER_FIELDS.filter((name) => name !== field).map((name) => [name, query[name]]),
  );
  return compactRequest({
    start: query.start,
    end: query.end,
    q: query.q,
    denoise: query.denoise,
    filters: query.filters,
    ...fields,
    aggs: 'common_all_topic',
    field,
  });
}

/** Counts by path, from the path-count tree of `common_all_topic`. */
export function countsByPath(list: readonly PathCount[]): Map<string, number> {
  const counts = new Map<string, number>();
  const walk = (nodes: readonly PathCount[]) => {
    for (const node of nodes) {
      counts.set(node.path, node.value);
      walk(node.children ?? []);
    }
  };
  walk(list);
  return counts;
}

/** The paths of a tree's first level and the ancestors of the selected paths: shown opened. */
export function initiallyExpanded(
  tree: readonly OptionItem[],
  selected: readonly string[],
): string[] {
  const expanded = new Set<string>(tree.map((node) => node.value));
  const find = (nodes: readonly OptionItem[], target: string, trail: string[]): string[] | null => {
    for (const node of nodes) {
      if (node.value === target) return trail;
      const found = node.children && find(node.children, target, [...trail, node.value]);
      if (found) return found;
    }
    return null;
  };
  for (const path of selected)
    for (const ancestor of find(tree, path, []) ?? []) expanded.add(ancestor);
  return [...expanded];
}
