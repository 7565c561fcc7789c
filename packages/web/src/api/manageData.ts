import { projectDataItem, type ProjectDataItem } from '@yuqing/core';
import { noData, request } from './client';

/** `GET /project_data`: every named list and tree of the project, with their items. */
export function fetchProjectDataItems(): Promise<ProjectDataItem[]> {
  return request('/project_data', projectDataItem.array());
}

/** `GET /project_data_item?name=`: one item, fresh, for the editor. */
export function fetchProjectDataForEdit(name: string): Promise<ProjectDataItem> {
  return request('/project_data_item', projectDataItem, { params: { name } });
}

/**
 * `POST /project_data`: creates or replaces the item of that name. Quiet: the editor says
 * 保存失败 with the server's reason (a 400 names the problem, e.g. a duplicate value).
 */
export function saveProjectDataItem(item: ProjectDataItem): Promise<void> {
  return request('/project_data', noData, { method: 'POST', body: item, quiet: true });
}

/** `DELETE /project_data?name=`. */
export function deleteProjectDataItem(name: string): Promise<void> {
  return request('/project_data', noData, { method: 'DELETE', params: { name }, quiet: true });
}
