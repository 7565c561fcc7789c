import { describe, expect, it } from 'vitest';
import { ResultCache, queryKey } from './result-cache.js';

/** A computation that settles when told, counting its runs. */
function pending<T>() {
  let runs = 0;
  let settle!: (value: T) => void;
  let fail!: (error: Error) => void;
  const compute = () => {
    runs++;
    return new Promise<T>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
  };
  return { compute, runs: () => runs, settle: (v: T) => settle(v), fail: (e: Error) => fail(e) };
}

describe('ResultCache', () => {
  it('runs an equal query once while it runs and after', async () => {
    const cache = new ResultCache<number>(8, () => true);
    const query = pending<number>();
    const first = cache.get('a', query.compute);
    const second = cache.get('a', query.compute);
    query.settle(1);
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(await cache.get('a', query.compute)).toBe(1);
    expect(query.runs()).toBe(1);
  });

  it('asks again after a write, and forgets an answer read across one', async () => {
    const cache = new ResultCache<number>(8, () => true);
    await cache.get('a', () => Promise.resolve(1));
    cache.clear();
    expect(await cache.get('a', () => Promise.resolve(2))).toBe(2);

    const across = pending<number>();
    const answer = cache.get('b', across.compute);
    cache.clear();
    across.settle(3);
    await answer;
    expect(await cache.get('b', () => Promise.resolve(4))).toBe(4);
  });

  it('keeps neither failures nor answers it is told not to keep', async () => {
    const cache = new ResultCache<number[]>(8, (rows) => rows.length <= 2);
    const failing = pending<number[]>();
    const failed = cache.get('a', failing.compute);
    failing.fail(new Error('boom'));
    await expect(failed).rejects.toThrow('boom');
    expect(await cache.get('a', () => Promise.resolve([1]))).toEqual([1]);

    await cache.get('big', () => Promise.resolve([1, 2, 3]));
    expect(await cache.get('big', () => Promise.resolve([4]))).toEqual([4]);
  });

  it('drops the least recently asked answer past its capacity', async () => {
    const cache = new ResultCache<string>(2, () => true);
    await cache.get('a', () => Promise.resolve('a1'));
    await cache.get('b', () => Promise.resolve('b1'));
    await cache.get('a', () => Promise.resolve('a2'));
    await cache.get('c', () => Promise.resolve('c1'));
    expect(await cache.get('a', () => Promise.resolve('a3'))).toBe('a1');
    expect(await cache.get('b', () => Promise.resolve('b2'))).toBe('b2');
  });
});

describe('queryKey', () => {
  it('tells parameters apart by type and names objects only through the given names', () => {
    const names = new WeakMap<object, string>();
    const bitmap = {};
    names.set(bitmap, 'set-1');
    expect(queryKey('q', [1n], names)).not.toBe(queryKey('q', ['1'], names));
    expect(queryKey('q', [bitmap], names)).toBe(queryKey('q', [bitmap], names));
    expect(queryKey('q', [{}], names)).not.toBe(queryKey('q', [{}], names));
  });
});
