import { setImmediate as turn } from 'node:timers/promises';

/** How long synchronous work may hold the event loop before other requests get a turn. */
const SLICE_MS = 20;

/**
 * For long work in JavaScript whose size a request decides (keyword bitmaps, trend buckets):
 * awaiting the answer between steps lets other requests, `/health` among them, run every 20 ms.
 */
export function eventLoopTurns(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await turn();
    since = performance.now();
  };
}
