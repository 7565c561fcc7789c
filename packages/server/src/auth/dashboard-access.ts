import { aiReportLayout, type Chart, type Dashboard, type Role } from '@yuqing/core';

/**
 * What a member may read of a dashboard: a non-admin gets no page of an admin-visible menu item.
 * The item itself stays in the menu, so the web's route guard can answer 403 for it.
 */
export function dashboardFor(dashboard: Dashboard, role: Role): Dashboard {
  if (role === 'admin') return dashboard;
  const adminOnly = adminOnlyPages(dashboard);
  const pages = Object.entries(dashboard.pages).filter(([key]) => !adminOnly.has(key));
  return { ...dashboard, pages: Object.fromEntries(pages) };
}

/** The page keys of a dashboard's admin-visible menu items: admins' alone. */
export function adminOnlyPages(dashboard: Dashboard): Set<string> {
  return new Set(dashboard.menu.filter((item) => item.adminVisible).map((item) => item.key));
}

/**
 * What a member with `role` may read of things made from a dashboard's pages (a report's
 * snapshot): the keys its menu names and those of them the member may read, by the rule of
 * `dashboardFor`; undefined for an admin, who reads all. Without a dashboard the menu names none.
 */
export function menuPagesFor(
  dashboard: Dashboard | undefined,
  role: Role,
): { inMenu: string[]; readable: string[] } | undefined {
  if (role === 'admin') return undefined;
  const menu = dashboard?.menu ?? [];
  const adminOnly = dashboard ? adminOnlyPages(dashboard) : new Set<string>();
  return {
    inMenu: menu.map((item) => item.key),
    readable: menu.map((item) => item.key).filter((key) => !adminOnly.has(key)),
  };
}

/**
 * Whether a member reads what was made from the page `key`: an admin always; another member when
 * the menu names the page as theirs to read, or, when it no longer names it, if it was not
 * admins' alone when the thing was made (`wasAdminOnly`).
 */
export function madeFromReadablePage(
  pages: { inMenu: readonly string[]; readable: readonly string[] } | undefined,
  key: string,
  wasAdminOnly: boolean,
): boolean {
  if (!pages) return true;
  return pages.inMenu.includes(key) ? pages.readable.includes(key) : !wasAdminOnly;
}

/**
 * The widgets of the page `key` as a member with `role` reads it: the dashboard's page, else the
 * built-in layout of an AI report menu item without one; undefined when there is none to read.
 */
export function readablePage(
  dashboard: Dashboard,
  key: string,
  role: Role,
  reportKind: 'project' | 'subject',
): Chart[] | undefined {
  const readable = dashboardFor(dashboard, role);
  const page = readable.pages[key];
  if (page) return page.charts;
  const item = dashboard.menu.find((entry) => entry.key === key);
  if (!item?.isAiReport || (item.adminVisible && role !== 'admin')) return undefined;
  return aiReportLayout(reportKind).charts;
}
