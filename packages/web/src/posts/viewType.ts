/** How a post list draws: cards, or one-line rows. */
export type PostViewType = 'normal' | 'compact';

/** Local-storage key of the search results' view type (spec 2: remembered locally). */
export const VIEW_TYPE_KEY = 'yuqing.search.viewType';

export function readViewType(storage: Storage = localStorage): PostViewType {
  try {
    return storage.getItem(VIEW_TYPE_KEY) === 'compact' ? 'compact' : 'normal';
  } catch {
    return 'normal';
  }
}

export function writeViewType(view: PostViewType, storage: Storage = localStorage): void {
  try {
    storage.setItem(VIEW_TYPE_KEY, view);
  } catch {
    // Storage full or disabled: the choice then lasts for this page only.
  }
}
