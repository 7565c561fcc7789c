import { MANAGE_CALLS, type ProjectDataItem } from '@yuqing/core';
import { call } from './call';

/** `GET /project_data_item?name=`: one named list or tree of the project. */
export function fetchProjectDataItem(name: string): Promise<ProjectDataItem> {
  return call(MANAGE_CALLS.dataItem, { query: { name } });
}
