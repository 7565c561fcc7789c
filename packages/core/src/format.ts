/** Number formats of spec 9: thousands separators, k/m abbreviation, two decimals, percent. */

/** How a project abbreviates large numbers: k / m (the spec's default) or 万 / 亿. */
export const NUMBER_STYLES = ['k', 'wan'] as const;
export type NumberStyle = (typeof NUMBER_STYLES)[number];

export const NUMBER_STYLE_LABELS: Record<NumberStyle, string> = {
  k: 'k / m（1.5k、1.3m）',
  wan: '万 / 亿（1.5万、1.3亿）',
};

/** Units from the largest, each with the size it starts at (where one decimal rounds up to it). */
const UNITS: Record<NumberStyle, readonly [number, number, string][]> = {
  k: [
    [999_950, 1_000_000, 'm'],
    [1000, 1000, 'k'],
  ],
  wan: [
    [99_995_000, 100_000_000, '亿'],
    [10_000, 10_000, '万'],
  ],
};

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 1234567.891 → "1,234,567.89". */
export function formatNumber(value: number): string {
  return Number.isFinite(value) ? grouped.format(value) : '-';
}

/**
 * Abbreviates with at most one decimal ("0[.]0a"): above 1000 with k and m (999 → "999",
 * 1500 → "1.5k", 1_250_000 → "1.3m"), or in the 万 style above 10,000 with 万 and 亿
 * (15_000 → "1.5万", 130_000_000 → "1.3亿").
 */
export function abbreviateNumber(value: number, style: NumberStyle = 'k'): string {
  if (!Number.isFinite(value)) return '-';
  const size = Math.abs(value);
  const [, divisor, suffix] = UNITS[style].find(([from]) => size >= from) ?? [0, 1, ''];
  const scaled = Math.round((value / divisor) * 10) / 10;
  return `${scaled}${suffix}`;
}

/** A share as a percent with two decimals: 0.12345 → "12.35%". */
export function formatPercent(share: number): string {
  if (!Number.isFinite(share)) return '-';
  return `${(Math.round(share * 10000) / 100).toFixed(2)}%`;
}

/** The change from `previous` to `current` as a share; undefined when there is no base. */
export function changeRatio(current: number, previous: number): number | undefined {
  if (previous === 0) return undefined;
  return (current - previous) / previous;
}

export type NumberFormat = 'number' | 'abbr' | 'percent';

/** Formats a value the way a widget's `options.format` asks; percent needs the total. */
export function formatValue(
  value: number,
  format: NumberFormat = 'number',
  total?: number,
  style: NumberStyle = 'k',
) {
  if (format === 'abbr') return abbreviateNumber(value, style);
  if (format === 'percent') return formatPercent(total ? value / total : 0);
  return formatNumber(value);
}
