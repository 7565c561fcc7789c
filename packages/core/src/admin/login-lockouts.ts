import { z } from 'zod';

/**
 * Sign-in lockouts, for super admins: `GET /api/v1/admin/login_lockouts` -> `LoginLockoutList`,
 * the newest 200 first.
 *
 * - `address`: an address failed LOGIN_MAX_FAILURES times inside the window and is refused
 *   (429) until `until`; `username` is the account its last failure tried.
 * - `account`: an account failed that often, from anywhere; each further try waits a doubling
 *   delay (1 s, 2 s, 4 s … 60 s). One row per episode: `failures` and `lastFailureAt` follow it
 *   while it lasts, `address` is where its newest failure came from.
 */
export const LOGIN_LOCKOUT_KINDS = ['address', 'account'] as const;
export type LoginLockoutKind = (typeof LOGIN_LOCKOUT_KINDS)[number];

export const loginLockout = z.object({
  id: z.string(),
  kind: z.enum(LOGIN_LOCKOUT_KINDS),
  username: z.string(),
  address: z.string(),
  /** ISO time of the failure that began it. */
  startedAt: z.string(),
  /** ISO time of its newest failure. */
  lastFailureAt: z.string(),
  /** Failures inside the window at `lastFailureAt`. */
  failures: z.number().int(),
  /** ISO time from which a try is allowed again. */
  until: z.string(),
});
export type LoginLockout = z.infer<typeof loginLockout>;

export const loginLockoutList = z.object({ list: z.array(loginLockout) });
export type LoginLockoutList = z.infer<typeof loginLockoutList>;
