import { randomUUID } from 'node:crypto';
import type { ProjectWriteLock } from '../engine/types.js';
import type { WriteLocksRepo } from '../store/write-locks.repo.js';

export interface LockTiming {
  /** How long a take holds the lock unless extended; a holder that died frees it after this. */
  ttlMs: number;
  /** The longest wait between tries while another process holds it. */
  maxPollMs: number;
}

const TIMING: LockTiming = { ttlMs: 30_000, maxPollMs: 500 };

/**
 * A project's write lock across the processes sharing the store (servers of a cluster, the
 * import command): waits its turn, extends the lock while the task runs, and gives it up after.
 */
export function storeProjectWriteLock(
  locks: WriteLocksRepo,
  timing: LockTiming = TIMING,
): ProjectWriteLock {
  return async (projectId, task) => {
    const name = `posts:${projectId}`;
    const holder = randomUUID();
    for (let wait = 20; !(await locks.take(name, holder, timing.ttlMs));) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, timing.maxPollMs);
    }
    const heartbeat = setInterval(() => {
      void locks.take(name, holder, timing.ttlMs).catch(() => undefined);
    }, timing.ttlMs / 3);
    heartbeat.unref();
    try {
      return await task();
    } finally {
      clearInterval(heartbeat);
      await locks.release(name, holder);
    }
  };
}
