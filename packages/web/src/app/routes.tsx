import type { MenuItem } from '@yuqing/core';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { TextKey } from '../i18n/translateText';
import { AppLayout } from './AppLayout';
import { guard } from './guard';
import { menuPageLoader } from './menuPageLoader';
import { defaultMenuItem, indexMenuItem, routableMenuItems } from './menu';
import type { RouteHandle } from './routeHandle';
import { RouteErrorPage } from './RouteErrorPage';
import { RouteFallback } from './RouteFallback';
import {
  AdminConsolePage,
  AiReportPage,
  AlertsPage,
  DashboardPage,
  DownloadPage,
  ForbiddenPage,
  KgPage,
  LoginPage,
  ManageAlertsPage,
  ManageDataPage,
  ManageSchedulesPage,
  ManageSysPage,
  ManageVisualPage,
  NotFoundPage,
  ReportPage,
  SearchPage,
} from './screens';
import type { Session } from '../session/session';

interface ToolScreen {
  path: string;
  element: ReactNode;
  titleKey: TextKey;
}

/** The hash routes of a project: fixed screens plus one route per menu item (spec section 2). */
export function buildRoutes(session: Session): RouteObject[] {
  const project = session.detail?.project;
  const menus = routableMenuItems(project?.menus ?? []);
  // A hidden item is no page of its own (spec 2): like an unknown path, it opens the default.
  const shown = menus.filter((item) => item.show);
  const indexItem = indexMenuItem(shown);
  const fallbackPath = defaultMenuItem(shown)?.path ?? '/404';

  const screen = (
    path: string,
    element: ReactNode,
    handle: RouteHandle,
    loader: RouteObject['loader'] = guard(session, handle.access),
  ): RouteObject => ({ path, element, handle, loader });
  const menuLoader = (item: MenuItem) => menuPageLoader(session, item, menuHandle(item).access);
  // The menu's rules: an admin-visible item is for admins, others get 403.
  const menuHandle = (item: MenuItem): RouteHandle => ({
    access: item.adminVisible ? 'admin' : 'member',
    title: item.label,
    dashboard: true,
    menuKey: item.key,
  });
  // Keyed by menu item, so that moving between two dashboards mounts a fresh screen.
  const menuScreen = (item: MenuItem): ReactNode =>
    item.isAiReport ? (
      <AiReportPage key={item.key} menuKey={item.key} title={item.label} />
    ) : (
      <DashboardPage key={item.key} menuKey={item.key} title={item.label} />
    );

  // A menu item may take one of these paths (e.g. a search dashboard at /search); it then wins.
  const claimed = new Set(shown.map((item) => item.path));
  const tools: ToolScreen[] = [
    { path: '/report', element: <ReportPage />, titleKey: 'page.report' },
    { path: '/kg', element: <KgPage />, titleKey: 'page.kg' },
    { path: '/search', element: <SearchPage />, titleKey: 'page.search' },
    { path: '/alerts', element: <AlertsPage />, titleKey: 'page.alerts' },
  ];

  const index: RouteObject = indexItem
    ? {
        index: true,
        element: menuScreen(indexItem),
        handle: menuHandle(indexItem),
        loader: menuLoader(indexItem),
      }
    : { index: true, loader: guard(session, 'member', '/404') };

  const children: RouteObject[] = [
    screen('login', <LoginPage />, { access: 'public', titleKey: 'page.login', hideNav: true }),
    screen('403', <ForbiddenPage />, { access: 'public', titleKey: 'page.403', hideNav: true }),
    screen('404', <NotFoundPage />, { access: 'public', titleKey: 'page.404' }),
    index,
    {
      path: 'manage',
      children: [
        {
          index: true,
          element: <ManageVisualPage />,
          handle: { access: 'admin', titleKey: 'manage.visual' } satisfies RouteHandle,
          loader: guard(session, 'admin'),
        },
        screen('data', <ManageDataPage />, { access: 'admin', titleKey: 'manage.data' }),
        screen('alerts', <ManageAlertsPage />, { access: 'admin', titleKey: 'manage.alerts' }),
        screen('schedules', <ManageSchedulesPage />, {
          access: 'admin',
          titleKey: 'manage.schedules',
        }),
        screen('sys', <ManageSysPage />, { access: 'superAdmin', titleKey: 'manage.sys' }),
        screen('admin', <AdminConsolePage />, { access: 'superAdmin', titleKey: 'manage.admin' }),
      ],
    },
    project?.showDownloadJobList
      ? screen('download', <DownloadPage />, { access: 'member', titleKey: 'page.download' })
      : { path: 'download', loader: guard(session, 'member', '/404') },
    ...shown
      .filter((item) => item.path !== '/')
      .map((item) =>
        screen(item.path.slice(1), menuScreen(item), menuHandle(item), menuLoader(item)),
      ),
    ...tools
      .filter((tool) => !claimed.has(tool.path))
      .map((tool) =>
        screen(tool.path.slice(1), tool.element, { access: 'member', titleKey: tool.titleKey }),
      ),
    { path: '*', loader: guard(session, 'member', fallbackPath) },
  ];

  return [
    {
      path: '/',
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      // Shown while the first page's code loads (menuPageLoader).
      hydrateFallbackElement: <RouteFallback />,
      children,
    },
  ];
}
