import { changeDirection, formatMetric } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { formatCardValue } from './format-metric';

describe('formatting', () => {
  it('marks the direction of a change', () => {
    expect(changeDirection(0.2)).toBe('up');
    expect(changeDirection(-0.2)).toBe('down');
    expect(changeDirection(0)).toBe('flat');
    expect(changeDirection(undefined)).toBe('none');
  });

  it('formats counts with separators and rates as percents', () => {
    expect(formatMetric(1234567, false)).toBe('1,234,567');
    expect(formatMetric(0.1234, true)).toBe('12.34%');
    expect(formatMetric(undefined, true)).toBe('—');
  });

  it('abbreviates card values from 10,000 and keeps the exact figure', () => {
    expect(formatCardValue(9999, false)).toEqual({ text: '9,999', exact: undefined });
    expect(formatCardValue(12_345, false)).toEqual({ text: '12.3k', exact: '12,345' });
    expect(formatCardValue(0.5, true)).toEqual({ text: '50.00%', exact: undefined });
  });
});
