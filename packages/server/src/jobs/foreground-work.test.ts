import { describe, expect, it } from 'vitest';
import { ForegroundWork } from './foreground-work.js';

/** A clock that moves only when slept on, recording each sleep. */
function fakeClock() {
  const clock = {
    at: 0,
    slept: [] as number[],
    now: () => clock.at,
    sleep: async (ms: number) => {
      clock.slept.push(ms);
      clock.at += ms;
    },
  };
  return clock;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('ForegroundWork', () => {
  it('lets background work start only after interactive work has ended', async () => {
    const foreground = new ForegroundWork();
    const page = deferred();
    const events: string[] = [];
    const tracked = foreground.track(async () => {
      await page.promise;
      events.push('page done');
    });
    const waited = foreground
      .giveWay({ quietMs: 5, maxWaitMs: 60_000 })
      .then(() => events.push('check starts'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(events).toEqual([]);
    page.resolve();
    await Promise.all([tracked, waited]);
    expect(events).toEqual(['page done', 'check starts']);
  });

  it('answers at once on a quiet server, and after the longest wait on a busy one', async () => {
    const clock = fakeClock();
    const foreground = new ForegroundWork(clock);
    await foreground.giveWay({ quietMs: 50, maxWaitMs: 60_000 });
    expect(clock.slept).toEqual([]);

    void foreground.track(() => new Promise<void>(() => undefined));
    await foreground.giveWay({ quietMs: 5, maxWaitMs: 20 });
    expect(clock.at).toBe(20);
    expect(clock.slept).toEqual([5, 5, 5, 5]);
  });

  it('waits out the quiet time after the last call ended', async () => {
    const clock = fakeClock();
    const foreground = new ForegroundWork(clock);
    await foreground.track(async () => undefined);
    await foreground.giveWay({ quietMs: 50, maxWaitMs: 60_000 });
    expect(clock.slept).toEqual([50]);
  });

  it('counts a failed call as ended', async () => {
    const foreground = new ForegroundWork();
    await expect(foreground.track(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await foreground.giveWay({ quietMs: 1, maxWaitMs: 60_000 });
  });
});
