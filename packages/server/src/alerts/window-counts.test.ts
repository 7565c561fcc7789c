import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleQuery } from '@yuqing/core';
import type { DuckDbEngine } from '../engine/duckdb/engine.js';
import { importLines, openTestEngine } from '../../test/engines.js';
import { hourlyCounts, windowCounts } from './window-counts.js';
import { windowQuery } from './window-query.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 08:00 in Kathmandu (UTC+05:45): local hours start at :15 past the UTC hour. */
const DAY0 = Date.UTC(2026, 10, 1, 2, 15);
const scope = { projectId: 'p', timeZone: 'Asia/Kathmandu' };
const everything = ruleQuery.parse({});

/** Over 3 days, a post every 7 minutes, and 3 more in each local hour ending in 0 (a rhythm). */
function* posts() {
  let id = 0;
  const post = (created: number) =>
    JSON.stringify({ _id: `p${(id += 1)}`, created, title: `第 ${id} 条` });
  for (let time = DAY0; time < DAY0 + 3 * DAY; time += 7 * MINUTE) yield post(time);
  for (let hour = DAY0; hour < DAY0 + 3 * DAY; hour += 10 * HOUR) {
    for (const minute of [1, 20, 59]) yield post(hour + minute * MINUTE);
  }
}

describe('hourlyCounts', () => {
  let engine: DuckDbEngine;
  beforeAll(async () => {
    engine = await openTestEngine();
    await importLines(engine, scope, posts());
  }, 60_000);
  afterAll(() => engine.close());

  const exact = (windows: { start: number; end: number }[]) =>
    Promise.all(windows.map((w) => engine.count(scope, windowQuery(everything, w))));

  it('counts windows of whole local hours exactly, as windowCounts does', async () => {
    const windows = [0, 1, 2].map((day) => ({
      start: DAY0 + day * DAY + 3 * HOUR,
      end: DAY0 + day * DAY + 5 * HOUR,
    }));
    const counted = await hourlyCounts(engine, scope, everything, windows);
    expect(counted).toEqual(await exact(windows));
    expect(counted).toEqual(await windowCounts(engine, scope, everything, windows));
  });

  it('counts a partial hour pro rata: a window ending at :05 from its hours by share', async () => {
    const windows = [0, 1].map((day) => ({
      start: DAY0 + day * DAY + 10 * HOUR + 5 * MINUTE,
      end: DAY0 + day * DAY + 11 * HOUR + 5 * MINUTE,
    }));
    const hours = (w: { start: number }) => [
      { start: w.start - 5 * MINUTE, end: w.start + 55 * MINUTE },
      { start: w.start + 55 * MINUTE, end: w.start + 115 * MINUTE },
    ];
    const expected = await Promise.all(
      windows.map(async (w) => {
        const [first, second] = await exact(hours(w));
        return Math.round((first! * 55) / 60 + (second! * 5) / 60);
      }),
    );
    const counted = await hourlyCounts(engine, scope, everything, windows);
    expect(counted).toEqual(expected);
    // Hours of 3 extra posts at :01, :20 and :59 are off by the posts outside the window.
    const truth = await exact(windows);
    counted.forEach((count, i) => expect(Math.abs(count - truth[i]!)).toBeLessThanOrEqual(3));
  });
});
