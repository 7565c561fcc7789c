import type { Chart, ChartRequest, ValueType } from '@yuqing/core';

/**
 * The value type a request asks for: switched by the viewer or configured (already in the
 * request), else the first the widget offers, else volume — the same order the frame shows.
 */
export function requestValueType(request: ChartRequest, chart: Chart): ValueType {
  return (request.value_type as ValueType | undefined) ?? chart.options.valueTypes?.[0] ?? 'volume';
}

/** A share of a total in [0, 1]; 0 when the total is not positive. */
export function shareOf(value: number, total: number): number {
  return total > 0 ? value / total : 0;
}
