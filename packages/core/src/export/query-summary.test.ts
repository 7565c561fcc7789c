import { describe, expect, it } from 'vitest';
import { rangeText } from './query-summary.js';

const shanghai = (iso: string) => Date.parse(`${iso}+08:00`);

describe('rangeText', () => {
  it('shows whole days as the picker does: first and last day, the exclusive end left out', () => {
    const range = { start: shanghai('2026-10-29T00:00:00'), end: shanghai('2026-11-28T00:00:00') };
    expect(rangeText(range, 'Asia/Shanghai')).toBe('2026/10/29 – 2026/11/27');
    // One day in Shanghai is two partial days in New York, shown to the minute.
    expect(rangeText(range, 'America/New_York')).toBe('2026/10/28 12:00 – 2026/11/27 10:59');
  });

  it('shows a range of hours to the minute, its last included minute last', () => {
    const range = { start: shanghai('2026-11-27T09:30:00'), end: shanghai('2026-11-27T12:00:00') };
    expect(rangeText(range, 'Asia/Shanghai')).toBe('2026/11/27 09:30 – 2026/11/27 11:59');
  });
});
