import { describe, expect, it } from 'vitest';
import { formatMinute } from './time';

describe('formatMinute', () => {
  it('writes an instant in the project’s zone to the minute, — when unknown', () => {
    expect(formatMinute(Date.UTC(2024, 2, 15, 1, 5, 7), 'Asia/Shanghai')).toBe('2024-03-15 09:05');
    expect(formatMinute(undefined)).toBe('—');
  });
});
