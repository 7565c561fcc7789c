import { searchRequest } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.js';

const scope = { projectId: 'p1', timeZone: 'Asia/Shanghai' };
const request = (body: object) => searchRequest.parse(body);

describe('AnswerCache', () => {
  it('runs a request once until the next write, whatever the order of its keys', async () => {
    let generation = 0;
    const cache = new AnswerCache(() => generation);
    let runs = 0;
    const run = async () => ({ list: [], run: ++runs });
    const a = request({ aggs: 'common_terms', field: 'media', q: '续航' });
    const b = request({ q: '续航', field: 'media', aggs: 'common_terms' });
    expect(await cache.get(scope, a, run)).toEqual({ list: [], run: 1 });
    expect(await cache.get(scope, b, run)).toEqual({ list: [], run: 1 });
    expect(cache.tally).toEqual({ hits: 1, misses: 1 });
    generation++;
    expect(await cache.get(scope, b, run)).toEqual({ list: [], run: 2 });
  });

  it('keeps projects, time zones and requests apart', async () => {
    const cache = new AnswerCache(() => 0);
    let runs = 0;
    const run = async () => ++runs;
    const terms = request({ aggs: 'common_terms', field: 'media' });
    await cache.get(scope, terms, run);
    await cache.get({ ...scope, projectId: 'p2' }, terms, run);
    await cache.get({ ...scope, timeZone: 'UTC' }, terms, run);
    await cache.get(scope, request({ aggs: 'common_terms', field: 'author' }), run);
    expect(runs).toBe(4);
  });

  it('shares a running request, and keeps no answer read across a write or a failure', async () => {
    let generation = 0;
    const cache = new AnswerCache(() => generation);
    let runs = 0;
    let release!: () => void;
    const slow = () =>
      new Promise<number>((resolve) => {
        runs++;
        release = () => resolve(runs);
      });
    const body = request({ aggs: 'common_statistics' });
    const first = cache.get(scope, body, slow);
    const second = cache.get(scope, body, slow);
    generation++;
    release();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(runs).toBe(1);
    // Read while a write happened: asked again, it runs again.
    expect(await cache.get(scope, body, async () => ++runs)).toBe(2);

    const failing = request({ aggs: 'common_heatmap' });
    await expect(cache.get(scope, failing, () => Promise.reject(new Error('x')))).rejects.toThrow();
    expect(await cache.get(scope, failing, async () => 'ok')).toBe('ok');
  });
});
