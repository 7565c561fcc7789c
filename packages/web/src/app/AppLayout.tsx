import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { dashboardPublishedSinceLoad } from '../session/published';
import { TopNav } from './nav/TopNav';
import { RouteFallback } from './RouteFallback';
import { currentRouteHandle } from './routeHandle';
import { useDocumentTitle } from './useDocumentTitle';
import styles from './AppLayout.module.css';

/** Top navigation over a scrolling content area that returns to the top on each new page. */
export function AppLayout() {
  const handle = currentRouteHandle(useMatches());
  const { pathname } = useLocation();
  const contentRef = useRef<HTMLElement>(null);
  useDocumentTitle(handle);

  const shownPath = useRef(pathname);
  useEffect(() => {
    // Not on the first page: scrolling forces a layout while the page is still being drawn.
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    contentRef.current?.scrollTo({ top: 0 });
  }, [pathname]);

  // Leaving the manage pages after a publish: load the page afresh, with what was published.
  useEffect(() => {
    if (dashboardPublishedSinceLoad() && !pathname.startsWith('/manage')) window.location.reload();
  }, [pathname]);

  return (
    <div className={styles.shell}>
      {!handle?.hideNav && <TopNav />}
      <main ref={contentRef} className={styles.content}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
