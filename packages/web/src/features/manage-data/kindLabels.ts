import type { ProjectDataItem } from '@yuqing/core';
import { zh, type ZhText } from '../../i18n/translateText';

/** 列表, 树形: to show translated (`t(KIND_LABELS[kind])`). */
export const KIND_LABELS: Record<ProjectDataItem['kind'], ZhText> = {
  list: zh('列表'),
  tree: zh('树形'),
};
