import { pageQuery, type Page } from '@yuqing/core';
import { useLayoutEffect } from 'react';
import { useQueryStore } from '../../query/queryStore';

/**
 * Opens the viewer's query store on the edited page's defaults, so previews load what viewers
 * would see and the previewed query bar works. It opens again when the defaults change.
 * Answers when it was opened (for relative ranges), or undefined until then.
 */
export function usePreviewQuery(pageKey: string, page: Page, timeZone: string): number | undefined {
  const defaults = JSON.stringify([page.filter, page.defaultQuery, page.leftTreeMenu]);
  const key = `manage:${pageKey}:${defaults}`;
  const opened = useQueryStore((state) => state.opened);

  useLayoutEffect(() => {
    const at = Date.now();
    useQueryStore.getState().open(pageQuery(page, at, timeZone), undefined, { key, at });
    // `key` stands for the page's defaults.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, timeZone]);

  return opened.key === key ? opened.at : undefined;
}
