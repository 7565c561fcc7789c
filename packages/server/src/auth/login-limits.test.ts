import { describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_WINDOW_MS } from '@yuqing/core';
import { accountDelayMs, loginRefusal } from './login-limits.js';

describe('sign-in limits', () => {
  it('delays an account 1 s after its fifth failure, doubling up to a minute', () => {
    const delays = [4, 5, 6, 7, 8, 10, 11, 12, 40].map(accountDelayMs);
    expect(delays).toEqual([0, 1000, 2000, 4000, 8000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('locks an address for the window after its fifth failure', () => {
    const oldest = new Date('2026-01-01T00:00:00Z');
    const now = new Date(oldest.getTime() + 60_000);
    expect(loginRefusal({ byAddress: 4, addressOldest: oldest, byUsername: 0 }, now)).toBe(
      undefined,
    );
    expect(loginRefusal({ byAddress: 5, addressOldest: oldest, byUsername: 0 }, now)).toEqual({
      kind: 'address',
      retryAt: new Date(oldest.getTime() + LOGIN_FAILURE_WINDOW_MS),
    });
  });

  it('holds an account back only until its delay has passed', () => {
    const newest = new Date('2026-01-01T00:00:00Z');
    const at = (ms: number) => new Date(newest.getTime() + ms);
    const recent = { byAddress: 0, byUsername: 6, usernameNewest: newest };
    expect(loginRefusal(recent, at(1999))).toEqual({ kind: 'account', retryAt: at(2000) });
    expect(loginRefusal(recent, at(2000))).toBe(undefined);
  });
});
