import { MANAGE_CALLS, type ProjectDataItem } from '@yuqing/core';
import { call } from './call';

/** `GET /project_data`: every named list and tree of the project, with their items. */
export function fetchProjectDataItems(): Promise<ProjectDataItem[]> {
  return call(MANAGE_CALLS.dataItems);
}

/** `GET /project_data_item?name=`: one item, fresh, for the editor. */
export function fetchProjectDataForEdit(name: string): Promise<ProjectDataItem> {
  return call(MANAGE_CALLS.dataItem, { query: { name } });
}

/**
 * `POST /project_data`: creates or replaces the item of that name. Quiet: the editor says
 * 保存失败 with the server's reason (a 400 names the problem, e.g. a duplicate value).
 */
export async function saveProjectDataItem(item: ProjectDataItem): Promise<void> {
  await call(MANAGE_CALLS.saveDataItem, { body: item }, { quiet: true });
}

/** `DELETE /project_data?name=`. */
export async function deleteProjectDataItem(name: string): Promise<void> {
  await call(MANAGE_CALLS.deleteDataItem, { query: { name } }, { quiet: true });
}
