import { aiReportLayout, type Chart, type Dashboard, type Role } from '@yuqing/core';

/**
 * What a member may read of a dashboard: a non-admin gets no page of an admin-visible menu item.
 * The item itself stays in the menu, so the web's route guard can answer 403 for it.
 */
export function dashboardFor(dashboard: Dashboard, role: Role): Dashboard {
  if (role === 'admin') return dashboard;
  const adminOnly = new Set(dashboard.menu.filter((item) => item.adminVisible).map((i) => i.key));
  const pages = Object.entries(dashboard.pages).filter(([key]) => !adminOnly.has(key));
  return { ...dashboard, pages: Object.fromEntries(pages) };
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
