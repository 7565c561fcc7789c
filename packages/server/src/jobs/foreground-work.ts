import { setTimeout as sleep } from 'node:timers/promises';

export interface GiveWayOptions {
  /** How long no interactive call may have run before background work starts a query. */
  quietMs: number;
  /** Background work waits at most this long per query: a busy server slows it, never stops it. */
  maxWaitMs: number;
}

/** Alert checks give way for 50 ms of quiet, at most 1 s a query (a round stays within minutes). */
export const ALERT_CHECK_GIVE_WAY: GiveWayOptions = { quietMs: 50, maxWaitMs: 1_000 };

/** Time as ForegroundWork reads and waits on it: the real one, or a test's. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const REAL_CLOCK: Clock = { now: () => performance.now(), sleep: (ms) => sleep(ms) };

/**
 * The interactive engine work in progress in this server (dashboard pages, searches, exports a
 * user waits for), so that background work (alert checks) starts its queries when no one is
 * waiting on the engine: on 2 cores a check beside a page makes the page wait.
 */
export class ForegroundWork {
  private running = 0;
  private lastEnded = -Infinity;

  constructor(private readonly clock: Clock = REAL_CLOCK) {}

  async track<T>(work: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.lastEnded = this.clock.now();
    }
  }

  /** Resolves once no interactive work has run for `quietMs`, or after `maxWaitMs`. */
  async giveWay({ quietMs, maxWaitMs }: GiveWayOptions): Promise<void> {
    const deadline = this.clock.now() + maxWaitMs;
    for (;;) {
      const now = this.clock.now();
      if (now >= deadline) return;
      const quietFor = this.running > 0 ? 0 : now - this.lastEnded;
      if (quietFor >= quietMs) return;
      await this.clock.sleep(Math.min(deadline - now, this.running > 0 ? 5 : quietMs - quietFor));
    }
  }
}
