import { describe, expect, it } from 'vitest';
import { inQuietHours } from './quiet-hours.js';

const shanghai = (hour: number, minute = 0) => Date.UTC(2026, 10, 20, hour - 8, minute);

describe('quiet hours', () => {
  it('span midnight in the project zone', () => {
    const quiet = { start: '22:00', end: '07:30' };
    expect(inQuietHours(shanghai(23), quiet, 'Asia/Shanghai')).toBe(true);
    expect(inQuietHours(shanghai(7, 29), quiet, 'Asia/Shanghai')).toBe(true);
    expect(inQuietHours(shanghai(7, 30), quiet, 'Asia/Shanghai')).toBe(false);
    expect(inQuietHours(shanghai(12), quiet, 'Asia/Shanghai')).toBe(false);
  });

  it('within one day, and none at all', () => {
    const quiet = { start: '12:00', end: '14:00' };
    expect(inQuietHours(shanghai(13), quiet, 'Asia/Shanghai')).toBe(true);
    expect(inQuietHours(shanghai(14), quiet, 'Asia/Shanghai')).toBe(false);
    expect(inQuietHours(shanghai(13), quiet, 'UTC')).toBe(false);
    expect(inQuietHours(shanghai(13), null, 'Asia/Shanghai')).toBe(false);
  });
});
