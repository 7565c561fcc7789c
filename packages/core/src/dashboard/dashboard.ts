import { z } from 'zod';
import { menuItem, siteSettings } from '../project.js';
import { storedFilterChip } from './chart.js';
import { page } from './page.js';

/**
 * What an administrator shapes (spec 3, Dashboard): site settings, the menu, and one page per
 * menu key. Saved as a draft; publishing makes it a numbered version viewers see.
 */
export const dashboard = z
  .object({
    site: siteSettings.default({ colors: [], colorMap: [], hideSubjectName: false }),
    menu: z.array(menuItem).max(50).default([]),
    pages: z.record(z.string().min(1).max(64), page).default({}),
    /**
     * A subject's scope: chips the server adds to every search of the subject, whichever page,
     * report or export asks (a subject's posts are the project's posts within it). The server
     * reads it from subjects only; a project's own searches cover all its posts.
     */
    scope: z.array(storedFilterChip).max(20).default([]),
  })
  .superRefine((value, ctx) => {
    const keys = new Set<string>();
    const paths = new Set<string>();
    value.menu.forEach((item, index) => {
      if (keys.has(item.key))
        ctx.addIssue({ code: 'custom', path: ['menu', index, 'key'], message: '菜单 key 重复' });
      if (paths.has(item.path))
        ctx.addIssue({ code: 'custom', path: ['menu', index, 'path'], message: '菜单路径重复' });
      keys.add(item.key);
      paths.add(item.path);
    });
  });
export type Dashboard = z.infer<typeof dashboard>;
export type DashboardInput = z.input<typeof dashboard>;

export const EMPTY_DASHBOARD: Dashboard = {
  site: { colors: [], colorMap: [], hideSubjectName: false },
  menu: [],
  pages: {},
  scope: [],
};

/** A published version, as lists of versions show it. */
export const dashboardVersion = z.object({
  version: z.number().int().min(1),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
});
export type DashboardVersion = z.infer<typeof dashboardVersion>;
