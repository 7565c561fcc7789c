import { formatMetric, formatNumber } from '@yuqing/core';
import { abbreviate } from '../../format/numberStyle';

/** Cards abbreviate counts of 10,000 and more; the exact figure goes in a tooltip. */
export const CARD_ABBREVIATE_FROM = 10_000;

export function formatCardValue(
  value: number | undefined,
  rate: boolean,
): { text: string; exact: string | undefined } {
  if (value === undefined || rate || Math.abs(value) < CARD_ABBREVIATE_FROM) {
    return { text: formatMetric(value, rate), exact: undefined };
  }
  return { text: abbreviate(value), exact: formatNumber(value) };
}
