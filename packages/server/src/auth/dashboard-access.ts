import type { Dashboard, Role } from '@yuqing/core';

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
