import { describe, expect, it } from 'vitest';
import { IDLE_RETAG, retagPercent } from './retag.js';

describe('retagPercent', () => {
  it('gives whole percent of the posts done, and 100 for a finished job of no posts', () => {
    expect(retagPercent(IDLE_RETAG)).toBe(0);
    expect(retagPercent({ state: 'running', done: 1999, total: 4000, error: null })).toBe(49);
    expect(retagPercent({ state: 'done', done: 4000, total: 4000, error: null })).toBe(100);
    expect(retagPercent({ state: 'done', done: 0, total: 0, error: null })).toBe(100);
  });
});
