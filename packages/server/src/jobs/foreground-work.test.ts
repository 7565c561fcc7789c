import { describe, expect, it } from 'vitest';
import { ForegroundWork } from './foreground-work.js';

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
    const foreground = new ForegroundWork();
    await foreground.giveWay({ quietMs: 50, maxWaitMs: 60_000 });
    const endless = foreground.track(() => new Promise<void>(() => undefined));
    await foreground.giveWay({ quietMs: 5, maxWaitMs: 20 });
    void endless;
  });

  it('counts a failed call as ended', async () => {
    const foreground = new ForegroundWork();
    await expect(foreground.track(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await foreground.giveWay({ quietMs: 1, maxWaitMs: 60_000 });
  });
});
