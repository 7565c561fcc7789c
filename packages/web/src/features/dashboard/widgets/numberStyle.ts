import {
  abbreviateNumber,
  formatValue as formatValueIn,
  type NumberFormat,
  type NumberStyle,
} from '@yuqing/core';

let style: NumberStyle = 'k';

/** Takes the open project's number style (once, when the project is loaded): k / m by default. */
export function setNumberStyle(next: NumberStyle | undefined): void {
  style = next ?? 'k';
}

export function numberStyle(): NumberStyle {
  return style;
}

/** A count abbreviated in the open project's style: 1.5k, or 1.5万. */
export function abbreviate(value: number): string {
  return abbreviateNumber(value, style);
}

/** A value as a widget's `options.format` asks, abbreviated in the open project's style. */
export function formatValue(value: number, format?: NumberFormat, total?: number): string {
  return formatValueIn(value, format, total, style);
}
