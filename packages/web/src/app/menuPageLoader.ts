import type { MenuItem } from '@yuqing/core';
import type { LoaderFunctionArgs } from 'react-router';
import { decideOpening } from '../query/pageOpening';
import type { Session } from '../session/session';
import { prefetchPageData, publishedPage } from '../widgets/pageDataPrefetch';
import { preloadWidgetViews } from '../widgets/registry';
import { pageAddress, rememberViews } from '../widgets/rememberedViews';
import { guard } from './guard';
import { preloadDashboardPage } from './screens';
import type { Access } from './routeHandle';

/**
 * The loader of a menu page: the guard, then, for a dashboard page, its data asked for at once
 * and the page shown when its screen and its widgets' code are in. A widget whose code is still
 * loading when drawn would show its fallback, and React holds back what replaces a fallback for
 * up to 300 ms: waiting for the code here costs less, and the data is on its way meanwhile.
 */
export function menuPageLoader(session: Session, item: MenuItem, access: Access) {
  const check = guard(session, access);
  return (args: LoaderFunctionArgs) => {
    const allowed = check(args);
    const detail = session.detail;
    const page = detail?.dashboard.pages[item.key];
    if (!item.isAiReport && detail && page && page.charts.length > 0) {
      const code = Promise.all([preloadDashboardPage(), preloadWidgetViews(page.charts)]);
      const url = new URL(args.request.url);
      rememberViews(
        pageAddress(window.location.pathname, url.pathname),
        page.charts.map((chart) => chart.type),
      );
      const opening = decideOpening(item.key, page, detail.project.timezone, url);
      if (opening) {
        prefetchPageData({
          ...publishedPage(detail, item.key),
          query: opening.query,
          now: opening.at,
        });
      }
      return code.then(() => allowed);
    }
    return allowed;
  };
}
