import type { Chart, ChartRequest } from '@yuqing/core';
import { useMemo } from 'react';
import { requestQ } from '../../posts/postPage';
import { usePostContext, verifyEnabled } from '../../posts/usePostContext';

/** The highlight terms of a post widget's request and whether its cards offer 标注. */
export function usePostWidget(chart: Chart, request: ChartRequest) {
  const context = usePostContext();
  const q = requestQ(request);
  const terms = useMemo(() => context.termsFor(q), [context, q]);
  return { terms, verify: verifyEnabled(chart.options.verify, context), context };
}
