import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@yuqing/core';
import type { RecentFailures } from '../store/login-failures.repo.js';

/** What an account waits after its LOGIN_MAX_FAILURES-th failure; each further failure doubles it. */
export const ACCOUNT_FIRST_DELAY_MS = 1000;
/** The longest an account waits: its owner, who knows the password, is never held longer. */
export const ACCOUNT_MAX_DELAY_MS = 60_000;

/**
 * Why a sign-in may not be tried now, and when it may: an address is locked for the window after
 * LOGIN_MAX_FAILURES failures; an account is only slowed down, so that someone guessing from
 * elsewhere never keeps its owner out for long.
 */
export interface LoginRefusal {
  kind: 'address' | 'account';
  retryAt: Date;
}

/** The wait before the next try of an account that has failed `failures` times. */
export function accountDelayMs(failures: number): number {
  if (failures < LOGIN_MAX_FAILURES) return 0;
  return Math.min(
    ACCOUNT_FIRST_DELAY_MS * 2 ** (failures - LOGIN_MAX_FAILURES),
    ACCOUNT_MAX_DELAY_MS,
  );
}

/** When the address, having failed this often since `oldest`, may try again. */
export function addressUnlockAt(oldest: Date): Date {
  return new Date(oldest.getTime() + LOGIN_FAILURE_WINDOW_MS);
}

/** When the account, whose newest of `failures` failures came at `newest`, may try again. */
export function accountRetryAt(newest: Date, failures: number): Date {
  return new Date(newest.getTime() + accountDelayMs(failures));
}

export function loginRefusal(recent: RecentFailures, now: Date): LoginRefusal | undefined {
  if (recent.byAddress >= LOGIN_MAX_FAILURES && recent.addressOldest) {
    return { kind: 'address', retryAt: addressUnlockAt(recent.addressOldest) };
  }
  if (recent.byUsername >= LOGIN_MAX_FAILURES && recent.usernameNewest) {
    const retryAt = accountRetryAt(recent.usernameNewest, recent.byUsername);
    if (retryAt > now) return { kind: 'account', retryAt };
  }
  return undefined;
}
