import { projectDataItem, type ProjectDataItem } from '@yuqing/core';
import { request } from './client';

/** `GET /project_data_item?name=`: one named list or tree of the project. */
export function fetchProjectDataItem(name: string): Promise<ProjectDataItem> {
  return request('/project_data_item', projectDataItem, { params: { name } });
}
