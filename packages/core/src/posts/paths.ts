/** Depth of a path: `/a` is 1, `/a/b` is 2. */
export function pathDepth(path: string): number {
  return path.split('/').filter(Boolean).length;
}

/**
 * A post's path list with every ancestor added, sorted and without repeats. Stored this way, "a
 * selected path matches itself and its descendants" is plain list membership.
 */
export function withAncestors(paths: readonly string[]): string[] {
  const all = new Set<string>();
  for (const path of paths) {
    const segments = path.split('/').filter(Boolean);
    for (let depth = 1; depth <= segments.length; depth++) {
      all.add(`/${segments.slice(0, depth).join('/')}`);
    }
  }
  return [...all].sort();
}

/** The level a top-values call counts at for a path field: depth of the first value minus one. */
export function topLevelFor(values: readonly string[] | undefined): number {
  const first = values?.[0];
  return first ? Math.max(pathDepth(first) - 1, 0) : 0;
}
