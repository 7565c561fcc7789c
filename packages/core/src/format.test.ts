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
