import { describe, expect, it } from 'vitest';
import { bursts, chinaHour, DAY, HOUR, timeSlots, type Slot } from './calendar.js';
import { Random } from './random.js';

const end = Date.UTC(2026, 7, 23, 3, 17, 41, 123);
const window = { start: end - 180 * DAY, end };

const slots = (count: number, range = window): Slot[] => [
  ...timeSlots(range, count, new Random(1)),
];

describe('demo calendar', () => {
  it('yields exactly the count asked for, oldest first, inside the window', () => {
    for (const [count, range] of [
      [0, window],
      [1, window],
      [7, { start: end - 0.5 * DAY, end }],
      [10_001, window],
    ] as const) {
      const times = slots(count, range).map((slot) => slot.created);
      expect(times).toHaveLength(count);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times.every(Number.isInteger)).toBe(true);
      expect(times.every((time) => time >= range.start && time < range.end)).toBe(true);
    }
  });

  it('is quiet at night and busiest at lunch and in the evening (China time)', () => {
    const byHour = new Array<number>(24).fill(0);
    for (const slot of slots(50_000)) byHour[chinaHour(slot.created)]! += 1;
    const night = byHour[2]! + byHour[3]! + byHour[4]!;
    const evening = byHour[20]! + byHour[21]! + byHour[22]!;
    expect(evening).toBeGreaterThan(5 * night);
    expect(byHour[12]).toBeGreaterThan(byHour[15]!);
    expect(byHour[21]).toBeGreaterThan(byHour[17]!);
  });

  it('grows gently and puts burst posts only after their burst begins', () => {
    const all = slots(50_000);
    const starts = new Map(bursts(window).map((burst) => [burst.kind, burst.start]));
    expect(all.filter((slot) => slot.burst && slot.created < starts.get(slot.burst)!)).toEqual([]);
    const ordinary = all.filter((slot) => !slot.burst);
    const firstMonth = ordinary.filter((slot) => slot.created < window.start + 30 * DAY).length;
    const lastMonth = ordinary.filter((slot) => slot.created >= window.end - 30 * DAY).length;
    expect(lastMonth).toBeGreaterThan(firstMonth * 1.2);
    expect(new Set(all.map((slot) => slot.burst))).toEqual(
      new Set([undefined, 'launch', 'motorShow', 'rivalLaunch', 'recall']),
    );
  });

  it('puts the rival launch within the last 30 days of the demo and the recall within the last 7', () => {
    const now = Date.UTC(2026, 10, 27, 3);
    const starts = new Map(
      bursts({ start: now - 180 * DAY, end: now }).map((burst) => [burst.kind, burst.start]),
    );
    expect(now - starts.get('rivalLaunch')!).toBeLessThan(30 * DAY);
    expect(now - starts.get('recall')!).toBeLessThan(7 * DAY);
    // The recall's first two days are in the window too.
    expect(now - starts.get('recall')!).toBeGreaterThan(2 * DAY);
  });

  it('starts each burst at its local hour inside the window', () => {
    for (const burst of bursts(window)) {
      expect(burst.start).toBeGreaterThan(window.start);
      expect(burst.start).toBeLessThan(window.end);
      expect(burst.start % HOUR).toBe(0);
    }
  });
});
