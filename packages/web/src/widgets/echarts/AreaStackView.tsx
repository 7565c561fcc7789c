import type { TrendAnswer } from '@yuqing/core';
import type { WidgetViewProps } from '../types';
import { TrendChart } from './TrendChart';

/** Stacked areas: a trend's series on top of each other. */
export default function AreaStackView(props: WidgetViewProps<TrendAnswer>) {
  return <TrendChart kind="area-stack" {...props} />;
}
