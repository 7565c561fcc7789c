import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

const TASKS = '/proc/self/task';
const SWEEP_MS = 2_000;

/**
 * Gives every thread of this process but the event loop's a lower priority (a higher nice value),
 * now and every two seconds for threads started since: DuckDB's and the libuv pool's, which run
 * the posts queries, worker threads, PGlite's. On a machine whose cores the queries fill, the
 * event loop then gets a core first, so what it answers at once (/health, a page from the cache)
 * does not wait its turn behind the queries' threads. On Linux a nice value is each thread's own;
 * elsewhere this does nothing. `nice` is how many steps below the loop's own; 0 turns it off.
 * Answers how to stop the sweeps.
 */
export function keepEventLoopFirst(nice: number): () => void {
  if (nice === 0 || process.platform !== 'linux') return () => {};
  // Below the loop's own priority, whatever the server was started at.
  const lower = Math.min(19, getPriority(process.pid) + nice);
  const sweep = () => {
    let tasks: string[];
    try {
      tasks = readdirSync(TASKS);
    } catch {
      return;
    }
    for (const task of tasks) {
      const thread = Number(task);
      if (thread === process.pid) continue;
      try {
        setPriority(thread, lower);
      } catch {
        // The thread has ended since the folder was read.
      }
    }
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
