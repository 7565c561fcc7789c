import type { OptionItem } from '@yuqing/core';

/** One row of the table editor: an option item with a stable key for React and antd's Table. */
export interface EditorRow {
  key: string;
  value: string;
  label: string;
  /** Absent, never empty: antd draws an expand icon for any `children` array. */
  children?: EditorRow[];
}

let nextKey = 0;
/** A key no other row of this page has. */
export function newRowKey(): string {
  nextKey += 1;
  return `row-${nextKey}`;
}

export function itemsToRows(items: readonly OptionItem[]): EditorRow[] {
  return items.map((item) => {
    const row: EditorRow = { key: newRowKey(), value: item.value, label: item.label };
    if (item.children?.length) row.children = itemsToRows(item.children);
    return row;
  });
}

export function rowsToItems(rows: readonly EditorRow[]): OptionItem[] {
  return rows.map((row) => {
    const item: OptionItem = { value: row.value, label: row.label };
    if (row.children?.length) item.children = rowsToItems(row.children);
    return item;
  });
}

/** Every row, depth first. */
export function countRows(rows: readonly { children?: readonly unknown[] }[]): number {
  let count = 0;
  for (const row of rows) {
    count += 1;
    if (row.children) count += countRows(row.children as { children?: readonly unknown[] }[]);
  }
  return count;
}

/** Applies `change` to the sibling list that holds `key`; the same array when no row has it. */
function editSiblings(
  rows: EditorRow[],
  key: string,
  change: (siblings: EditorRow[], index: number) => EditorRow[],
): EditorRow[] {
  const index = rows.findIndex((row) => row.key === key);
  if (index >= 0) return change(rows, index);
  let changed = false;
  const next = rows.map((row) => {
    if (changed || !row.children) return row;
    const children = editSiblings(row.children, key, change);
    if (children === row.children) return row;
    changed = true;
    return withChildren(row, children);
  });
  return changed ? next : rows;
}

function withChildren(row: EditorRow, children: EditorRow[]): EditorRow {
  const next: EditorRow = { key: row.key, value: row.value, label: row.label };
  if (children.length) next.children = children;
  return next;
}

export function updateRow(
  rows: EditorRow[],
  key: string,
  patch: Partial<Pick<EditorRow, 'value' | 'label'>>,
): EditorRow[] {
  return editSiblings(rows, key, (siblings, index) =>
    siblings.map((row, at) => (at === index ? { ...row, ...patch } : row)),
  );
}

/** Adds an empty row at the end of the top list, or as the last child of `parentKey`. */
export function addRow(rows: EditorRow[], parentKey?: string): { rows: EditorRow[]; key: string } {
  const row: EditorRow = { key: newRowKey(), value: '', label: '' };
  if (parentKey === undefined) return { rows: [...rows, row], key: row.key };
  const next = editSiblings(rows, parentKey, (siblings, index) =>
    siblings.map((parent, at) =>
      at === index ? withChildren(parent, [...(parent.children ?? []), row]) : parent,
    ),
  );
  return { rows: next, key: row.key };
}

/** Removes a row with its children. */
export function removeRow(rows: EditorRow[], key: string): EditorRow[] {
  return editSiblings(rows, key, (siblings, index) => siblings.filter((_, at) => at !== index));
}

/** Moves a row up (-1) or down (1) among its siblings; a no-op at either end. */
export function moveRow(rows: EditorRow[], key: string, delta: -1 | 1): EditorRow[] {
  return editSiblings(rows, key, (siblings, index) => {
    const target = index + delta;
    if (target < 0 || target >= siblings.length) return siblings;
    const next = [...siblings];
    [next[index], next[target]] = [next[target]!, next[index]!];
    return next;
  });
}

/** Where each row sits among its siblings: its index and how many siblings there are. */
export function rowPlaces(
  rows: readonly EditorRow[],
  places = new Map<string, { index: number; of: number }>(),
): Map<string, { index: number; of: number }> {
  rows.forEach((row, index) => {
    places.set(row.key, { index, of: rows.length });
    if (row.children) rowPlaces(row.children, places);
  });
  return places;
}

/** The JSON path of each row (`items[0].children[2]`), to put issues on their cells. */
export function rowPaths(rows: readonly EditorRow[], prefix = 'items'): Map<string, string> {
  const paths = new Map<string, string>();
  rows.forEach((row, index) => {
    const path = `${prefix}[${index}]`;
    paths.set(row.key, path);
    if (row.children) {
      for (const [key, child] of rowPaths(row.children, `${path}.children`)) paths.set(key, child);
    }
  });
  return paths;
}
