import { REPORT_THEME_CALLS, type NamedTheme } from '@yuqing/core';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import { quotaRefusal } from '../export/report-quotas.js';
import { reportMember, themeTarget } from './report-member.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

/** Themes every project has. */
const BUILT_IN_THEMES: NamedTheme[] = [
  {
    id: 'builtin-default',
    name: '默认',
    builtIn: true,
    theme: { colors: [], colorMap: [], bgColor: '#F5F7FA' },
  },
  {
    id: 'builtin-business',
    name: '商务蓝',
    builtIn: true,
    theme: {
      colors: ['#1F4E9E', '#3A7BD5', '#6FA8DC', '#F2A93B', '#9E9E9E', '#52B788'],
      colorMap: [],
      bgColor: '#EEF3FA',
      primaryColor: '#1F4E9E',
    },
  },
  {
    id: 'builtin-fresh',
    name: '清新绿',
    builtIn: true,
    theme: {
      colors: ['#2E9E6B', '#7CC68D', '#F6C85F', '#4C9BE8', '#E8745A', '#9C88D4'],
      colorMap: [],
      bgColor: '#F3FAF5',
      primaryColor: '#2E9E6B',
    },
  },
];

/** Report themes (/report/theme): the built-in ones and a project's own. */
export function reportThemeRoutes(api: Api, { store, audit }: RouteContext) {
  route(api, REPORT_THEME_CALLS.list, async ({ member }) =>
    ok({
      list: [...BUILT_IN_THEMES, ...(await store.reports.themes(reportMember(member).project.id))],
    }),
  );

  route(api, REPORT_THEME_CALLS.save, async ({ request, member: scoped, body }) => {
    const member = reportMember(scoped);
    if (BUILT_IN_THEMES.some((theme) => theme.name === body.name))
      throw badRequest(`name: ${body.name} 是内置主题的名称`);
    const { name, theme } = body;
    const saved = await store.reports.saveTheme(
      member.project.id,
      member.userId,
      name,
      theme,
      (replaced, usage, size) => {
        if (replaced && replaced.owner_id !== member.userId && member.role !== 'admin')
          throw forbidden(`主题“${name}”由他人保存，只有其保存人或项目管理员可以修改`);
        const project = { count: replaced ? 0 : 1, bytes: size - (replaced?.size ?? 0) };
        const user =
          replaced && replaced.owner_id !== member.userId ? { count: 0, bytes: 0 } : project;
        const refusal = quotaRefusal('theme', usage, { user, project });
        if (refusal) throw conflict(refusal);
      },
    );
    await audit(request, scoped, 'report_theme.save', themeTarget(saved));
    return ok(saved);
  });

  route(api, REPORT_THEME_CALLS.remove, async ({ request, member: scoped, query }) => {
    const member = reportMember(scoped);
    const saved = await store.reports.themeOwner(member.project.id, query.id);
    if (!saved) throw notFound('主题不存在');
    if (member.role !== 'admin' && saved.owner_id !== member.userId)
      throw forbidden('只能删除自己保存的主题');
    const themes = await store.reports.themes(member.project.id);
    const removed = themes.find((theme) => theme.id === query.id);
    if (!removed || !(await store.reports.removeTheme(member.project.id, query.id)))
      throw notFound('主题不存在');
    await audit(request, scoped, 'report_theme.delete', themeTarget(removed));
    return ok(null);
  });
}
