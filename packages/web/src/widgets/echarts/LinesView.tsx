import type { TrendAnswer } from '@yuqing/core';
import type { WidgetViewProps } from '../types';
import { TrendChart } from './TrendChart';

/** Trend lines: one smooth line per series, a gradient area under a single one. */
export default function LinesView(props: WidgetViewProps<TrendAnswer>) {
  return <TrendChart kind="lines" {...props} />;
}
