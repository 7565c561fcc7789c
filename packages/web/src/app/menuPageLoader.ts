import type { MenuItem } from '@yuqing/core';
import type { LoaderFunctionArgs } from 'react-router';
import { decideOpening } from '../query/pageOpening';
import type { Session } from '../session/session';
import { prefetchPageData, publishedPage } from '../widgets/pageDataPrefetch';
import { preloadWidgetViews } from '../widgets/registry';
import { guard } from './guard';
import type { Access } from './routeHandle';

/**
 * The loader of a menu page: the guard, then, for a dashboard page opened from elsewhere, its
 * widgets' code and its data asked for at once, while the page's own code is still loading.
 */
export function menuPageLoader(session: Session, item: MenuItem, access: Access) {
  const check = guard(session, access);
  return (args: LoaderFunctionArgs) => {
    const allowed = check(args);
    const detail = session.detail;
    const page = detail?.dashboard.pages[item.key];
    if (!item.isAiReport && detail && page && page.charts.length > 0) {
      preloadWidgetViews(page.charts);
      const url = new URL(args.request.url);
      const opening = decideOpening(item.key, page, detail.project.timezone, url);
      if (opening) {
        prefetchPageData({
          ...publishedPage(detail, item.key),
          query: opening.query,
          now: opening.at,
        });
      }
    }
    return allowed;
  };
}
