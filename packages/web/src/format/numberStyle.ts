import {
  abbreviateNumber,
  formatValue as formatValueIn,
  type NumberFormat,
  type NumberStyle,
} from '@yuqing/core';
import { useLocaleStore } from '../i18n/localeStore';

let style: NumberStyle = 'k';

/** Takes the open project's number style (once, when the project is loaded): k / m by default. */
export function setNumberStyle(next: NumberStyle | undefined): void {
  style = next ?? 'k';
}

/** The project's style; in English always k / m, since 万 and 亿 are Chinese units. */
export function numberStyle(): NumberStyle {
  return useLocaleStore.getState().locale === 'en_US' ? 'k' : style;
}

/** A count abbreviated in the open project's style: 1.5k, or 1.5万. */
export function abbreviate(value: number): string {
  return abbreviateNumber(value, numberStyle());
}

/** A value as a widget's `options.format` asks, abbreviated in the open project's style. */
export function formatValue(value: number, format?: NumberFormat, total?: number): string {
  return formatValueIn(value, format, total, numberStyle());
}
