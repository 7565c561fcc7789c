import { WIDGET_TYPES, type WidgetType } from '@yuqing/core';

/** Local-storage key of the widget types each page drew last, by the page's address. */
export const REMEMBERED_VIEWS_KEY = 'yuqing.pageViews';
/** Pages remembered at most; the oldest is forgotten first. */
const REMEMBERED_PAGES = 50;

type Remembered = Record<string, WidgetType[]>;

const isWidgetType = (value: unknown): value is WidgetType =>
  (WIDGET_TYPES as readonly unknown[]).includes(value);

function read(storage: Storage): Remembered {
  try {
    const stored: unknown = JSON.parse(storage.getItem(REMEMBERED_VIEWS_KEY) ?? '{}');
    if (typeof stored !== 'object' || stored === null) return {};
    return Object.fromEntries(
      Object.entries(stored).map(([page, types]) => [
        page,
        Array.isArray(types) ? types.filter(isWidgetType) : [],
      ]),
    );
  } catch {
    return {};
  }
}

/** A page's address as a new tab opens it: the project's path and the hash route. */
export const pageAddress = (pathname: string, route: string) => `${pathname}#${route}`;

/**
 * The widget types a page at this address drew the last time it was opened here: a new tab
 * loads their code while it still asks who the viewer is and what the project holds.
 */
export function rememberedViews(address: string, storage: Storage = localStorage): WidgetType[] {
  return read(storage)[address] ?? [];
}

export function rememberViews(
  address: string,
  types: readonly WidgetType[],
  storage: Storage = localStorage,
): void {
  const remembered = read(storage);
  const unique = [...new Set(types)];
  if (remembered[address]?.join() === unique.join()) return;
  delete remembered[address];
  const kept = Object.entries(remembered).slice(-(REMEMBERED_PAGES - 1));
  try {
    storage.setItem(
      REMEMBERED_VIEWS_KEY,
      JSON.stringify(Object.fromEntries([...kept, [address, unique]])),
    );
  } catch {
    // Storage full or disabled: the next new tab loads the code after the project comes.
  }
}
