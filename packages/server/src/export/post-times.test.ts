import fc from 'fast-check';
import { formatPostTime } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { postTimeFormatter } from './post-times.js';

const ZONES = [
  'Asia/Shanghai',
  'UTC',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'America/St_Johns',
];

describe('postTimeFormatter', () => {
  it('formats as formatPostTime does, across offsets, their changes and old local mean times', () => {
    // Instants from 1850 (zones on local mean time, offsets in seconds) to 2100.
    const instant = fc.integer({ min: -3_786_825_600_000, max: 4_102_444_800_000 });
    for (const zone of ZONES) {
      const format = postTimeFormatter(zone);
      fc.assert(
        fc.property(instant, (ms) => {
          expect(format(ms)).toBe(formatPostTime(ms, zone));
        }),
        { numRuns: 2_000 },
      );
    }
  });

  it('formats the instants around a daylight-saving change as formatPostTime does', () => {
    // New York 2024-03-10 02:00 local (07:00 UTC); Lord Howe 2024-10-06 02:00 local (15:30 UTC).
    for (const [zone, change] of [
      ['America/New_York', Date.UTC(2024, 2, 10, 7)],
      ['Australia/Lord_Howe', Date.UTC(2024, 9, 5, 15, 30)],
    ] as const) {
      const format = postTimeFormatter(zone);
      for (let ms = change - 3_600_000; ms <= change + 3_600_000; ms += 59_999) {
        expect(format(ms)).toBe(formatPostTime(ms, zone));
      }
    }
  });
});
