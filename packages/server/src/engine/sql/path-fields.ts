import { PATH_FIELDS, type FilterField } from '@yuqing/core';

export const isPathField = (field: FilterField) =>
  (PATH_FIELDS as readonly string[]).includes(field);
