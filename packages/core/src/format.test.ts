import { describe, expect, it } from 'vitest';
import {
  abbreviateNumber,
  changeRatio,
  formatNumber,
  formatPercent,
  formatValue,
} from './format.js';

describe('value formats', () => {
  it('groups thousands and keeps at most two decimals', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(-1200)).toBe('-1,200');
    expect(formatNumber(Number.NaN)).toBe('-');
  });

  it('abbreviates from 1000 with k and m', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(1000)).toBe('1k');
    expect(abbreviateNumber(1500)).toBe('1.5k');
    expect(abbreviateNumber(999_949)).toBe('999.9k');
    expect(abbreviateNumber(999_950)).toBe('1m');
    expect(abbreviateNumber(1_250_000)).toBe('1.3m');
    expect(abbreviateNumber(-2500)).toBe('-2.5k');
  });

  it('shows shares as percent with two decimals', () => {
    expect(formatPercent(0.12345)).toBe('12.35%');
    expect(formatPercent(1)).toBe('100.00%');
    expect(formatValue(25, 'percent', 200)).toBe('12.50%');
    expect(formatValue(25, 'percent', 0)).toBe('0.00%');
  });

  it('has no change ratio without a base', () => {
    expect(changeRatio(10, 0)).toBeUndefined();
    expect(changeRatio(15, 10)).toBeCloseTo(0.5);
  });
});

describe('the 万 / 亿 number style', () => {
  it('abbreviates from 10,000 with 万 and from 100 million with 亿, one decimal at most', () => {
    expect(abbreviateNumber(9999, 'wan')).toBe('9999');
    expect(abbreviateNumber(10_000, 'wan')).toBe('1万');
    expect(abbreviateNumber(15_000, 'wan')).toBe('1.5万');
    expect(abbreviateNumber(3_954_321, 'wan')).toBe('395.4万');
    expect(abbreviateNumber(99_994_999, 'wan')).toBe('9999.5万');
    expect(abbreviateNumber(99_995_000, 'wan')).toBe('1亿');
    expect(abbreviateNumber(130_000_000, 'wan')).toBe('1.3亿');
    expect(abbreviateNumber(-25_000, 'wan')).toBe('-2.5万');
    expect(formatValue(2_300_000, 'abbr', undefined, 'wan')).toBe('230万');
  });

  it('keeps k / m as the default', () => {
    expect(abbreviateNumber(2_300_000)).toBe('2.3m');
    expect(formatValue(2_300_000, 'abbr')).toBe('2.3m');
  });
});
