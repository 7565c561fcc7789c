import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventLoopTurns } from './event-loop-turns.js';

afterEach(() => vi.useRealTimers());

describe('eventLoopTurns', () => {
  it('lets waiting callbacks run once work has held the loop for its slice', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const pause = eventLoopTurns();
    let ran = false;
    setImmediate(() => (ran = true));

    await pause();
    expect(ran).toBe(false);
    vi.advanceTimersByTime(25);
    await pause();
    expect(ran).toBe(true);
  });
});
