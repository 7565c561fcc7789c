import { describe, expect, it } from 'vitest';
import { DrainLoop } from './drain-loop.js';

describe('DrainLoop', () => {
  it('runs one pass at a time, one more after a wake during a pass, none after stop', async () => {
    let passes = 0;
    let running = 0;
    let most = 0;
    let release: () => void = () => {};
    const loop = new DrainLoop(async () => {
      passes++;
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => (release = resolve));
      running--;
    }, 60_000);

    loop.start();
    loop.wake();
    loop.wake();
    expect(passes).toBe(1);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(passes).toBe(2);
    release();
    await loop.idle();
    expect(passes).toBe(2);
    expect(most).toBe(1);

    await loop.stop();
    expect(loop.stopped).toBe(true);
    loop.wake();
    expect(passes).toBe(2);
  });
});
