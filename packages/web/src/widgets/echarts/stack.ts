import type { StackAnswer } from '@yuqing/core';
import { allZero } from './common';
import { trendIsEmpty } from './trend.option';

export const stackIsEmpty = (data: StackAnswer): boolean =>
  data.kind === 'pivot' ? allZero(data.list) : trendIsEmpty(data.trend);
