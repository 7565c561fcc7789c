import type { ProjectDataItem } from '@yuqing/core';

export const KIND_LABELS: Record<ProjectDataItem['kind'], string> = { list: '列表', tree: '树形' };
