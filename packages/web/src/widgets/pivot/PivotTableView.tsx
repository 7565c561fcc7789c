import type { WidgetViewProps } from '../types';
import type { PivotData } from '@yuqing/core';
import { PivotGrid } from './PivotGrid';

/** pivottable: the values of rows × columns with their totals. */
export default function PivotTableView(props: WidgetViewProps<PivotData>) {
  return <PivotGrid {...props} variant="plain" />;
}
