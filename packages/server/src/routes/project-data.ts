import { MANAGE_CALLS, type OptionItem, type ProjectDataItem } from '@yuqing/core';
import { badRequest, notFound } from '../errors.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

/**
 * What the schema cannot say: a list has no children, and values are unique among siblings
 * (options and tree nodes are keyed by value). Throws a 400 naming the first problem.
 */
export function checkProjectDataItem(item: ProjectDataItem) {
  const visit = (items: OptionItem[], path: string) => {
    const seen = new Set<string>();
    items.forEach((option, index) => {
      const at = `${path}.${index}`;
      if (seen.has(option.value))
        throw badRequest(`${at}.value: 值「${option.value}」在同一层重复`);
      seen.add(option.value);
      if (!option.children) return;
      if (item.kind === 'list') throw badRequest(`${at}.children: 列表的项不能有子项`);
      visit(option.children, `${at}.children`);
    });
  };
  visit(item.items, 'items');
}

/** A project data item, named by its name (its key within the project). */
const dataTarget = (name: string) => ({ type: 'project_data' as const, id: name, name });

/**
 * Project data items: filter options with an `api` source and custom tree menus read them;
 * admins write them.
 */
export function projectDataRoutes(api: Api, { store, audit }: RouteContext) {
  route(api, MANAGE_CALLS.dataItems, async ({ member }) =>
    ok(await store.projectData.list(member.project.id)),
  );

  route(api, MANAGE_CALLS.dataItem, async ({ member, query }) => {
    const { name } = query;
    const item = await store.projectData.find(member.project.id, name);
    if (!item) throw notFound(`name: 数据项「${name}」不存在`);
    return ok(item);
  });

  route(
    api,
    MANAGE_CALLS.saveDataItem,
    async ({ request, member, body }) => {
      checkProjectDataItem(body);
      await store.projectData.save(member.project.id, body);
      const { name, kind, items } = body;
      await audit(request, member, 'project_data.save', dataTarget(name), {
        kind,
        items: items.length,
      });
      return ok(null);
    },
    { bodyLimit: 5 * 1024 * 1024 },
  );

  route(api, MANAGE_CALLS.deleteDataItem, async ({ request, member, query }) => {
    const { name } = query;
    if (!(await store.projectData.remove(member.project.id, name))) {
      throw notFound(`name: 数据项「${name}」不存在`);
    }
    await audit(request, member, 'project_data.delete', dataTarget(name));
    return ok(null);
  });
}
