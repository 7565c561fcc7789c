import { setTimeout as sleep } from 'node:timers/promises';
import { API_BASE } from '@yuqing/core';
import type { TestApp } from './app.js';

/** What a call may hold the server's thread for, as `/health` sees it (issue 24). */
export const HEALTH_HOLD_LIMIT_MS = 100;
/** The prober's pause between calls: its answers come every few milliseconds when nothing holds. */
const PROBE_PAUSE_MS = 4;

/**
 * Runs `work` while `/health` is called over and over, and answers the longest time between two
 * of its answers (counting from the start and to the end): how long the server's thread was held.
 */
export async function healthGapDuring<T>(
  app: TestApp,
  work: () => Promise<T>,
): Promise<{ result: T; maxGapMs: number }> {
  let running = true;
  let last = performance.now();
  let maxGapMs = 0;
  // Ends the prober's pause as soon as the work is done.
  const done = new AbortController();
  const probe = async () => {
    while (running) {
      const response = await app.inject({ method: 'GET', url: `${API_BASE}/health` });
      if (response.statusCode !== 200) throw new Error(`/health answered ${response.statusCode}`);
      const now = performance.now();
      maxGapMs = Math.max(maxGapMs, now - last);
      last = now;
      await sleep(PROBE_PAUSE_MS, undefined, { signal: done.signal }).catch(() => undefined);
    }
  };
  const probing = probe();
  let result: T;
  try {
    result = await work();
  } finally {
    running = false;
    done.abort();
    await probing;
  }
  // Up to the end: a hold just before the work ended met the prober in its pause, or answering.
  maxGapMs = Math.max(maxGapMs, performance.now() - last);
  return { result, maxGapMs };
}

/**
 * A measured gap, measured again (twice at most) while it exceeds the limit: the test machine is
 * shared, and a moment without the CPU looks like a held thread once, where work that holds the
 * thread holds it every time. Answers each try's gap, rounded.
 */
export async function retriedGaps(
  measure: () => Promise<number>,
  limitMs = HEALTH_HOLD_LIMIT_MS,
): Promise<number[]> {
  const gaps: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const gap = await measure();
    gaps.push(Math.round(gap));
    if (gap <= limitMs) break;
  }
  return gaps;
}

/** The gaps `/health` saw during `work`, tried again while over the limit (`retriedGaps`). */
export const healthGapsOf = (app: TestApp, work: () => Promise<unknown>, limitMs?: number) =>
  retriedGaps(async () => (await healthGapDuring(app, work)).maxGapMs, limitMs);

/** The smallest of a call's gaps (see `healthGapsOf`): past the limit only if every try was. */
export const heldMs = (gaps: readonly number[]) => Math.min(...gaps);

/**
 * The longest the thread was held while `work` ran, seen by a timer that fires every millisecond
 * (counting to the end): `healthGapDuring` for code below the HTTP layer.
 */
export async function loopGapDuring<T>(
  work: () => Promise<T>,
): Promise<{ result: T; maxGapMs: number }> {
  let last = performance.now();
  let maxGapMs = 0;
  const tick = () => {
    const now = performance.now();
    maxGapMs = Math.max(maxGapMs, now - last);
    last = now;
  };
  const timer = setInterval(tick, 1);
  try {
    const result = await work();
    tick();
    return { result, maxGapMs };
  } finally {
    clearInterval(timer);
  }
}
