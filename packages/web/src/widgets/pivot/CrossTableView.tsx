import type { WidgetViewProps } from '../types';
import type { PivotData } from '@yuqing/core';
import { PivotGrid } from './PivotGrid';

/**
 * pivottable2: the same cross table read as proportions — every value also as its share of the
 * row, the column or the grand total (switched in the view), and cells tinted by value.
 */
export default function CrossTableView(props: WidgetViewProps<PivotData>) {
  return <PivotGrid {...props} variant="cross" />;
}
