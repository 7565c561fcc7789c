/** Number formats of spec 9: thousands separators, k/m abbreviation, two decimals, percent. */

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 1234567.891 → "1,234,567.89". */
export function formatNumber(value: number): string {
  return Number.isFinite(value) ? grouped.format(value) : '-';
}

/**
 * Abbreviates above 1000 with k and m, at most one decimal ("0[.]0a"): 999 → "999",
 * 1500 → "1.5k", 2000 → "2k", 1_250_000 → "1.3m".
 */
export function abbreviateNumber(value: number): string {
  if (!Number.isFinite(value)) return '-';
  const size = Math.abs(value);
  const [divisor, suffix] =
    size >= 999_950 ? [1_000_000, 'm'] : size >= 1000 ? [1000, 'k'] : [1, ''];
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
export function formatValue(value: number, format: NumberFormat = 'number', total?: number) {
  if (format === 'abbr') return abbreviateNumber(value);
  if (format === 'percent') return formatPercent(total ? value / total : 0);
  return formatNumber(value);
}
