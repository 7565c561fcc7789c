import type { PostsEngine } from './types.js';

/**
 * The engine for background work: each call starts only once `giveWay` resolves (see
 * ForegroundWork), and a scan reads each next batch only then (a notable-post rule reads up to
 * 20,000 posts). A Proxy rather than a class, so that it
 * follows the engine's interface as it grows.
 */
export function givingWay(engine: PostsEngine, giveWay: () => Promise<void>): PostsEngine {
  return new Proxy(engine, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (property === 'scan') {
        return async function* (...args: unknown[]) {
          await giveWay();
          for await (const batch of method.apply(target, args) as AsyncIterable<unknown>) {
            yield batch;
            await giveWay();
          }
        };
      }
      return async (...args: unknown[]) => {
        await giveWay();
        return method.apply(target, args);
      };
    },
  });
}
