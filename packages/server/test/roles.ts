import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Store } from '../src/store/index.js';
import type { TestApp } from './app.js';
import { signIn } from './app.js';
import { buildProject, buildUser, type BuiltProject, type BuiltUser } from './factories.js';

export const CALLERS = ['anonymous', 'viewer', 'admin', 'outsider', 'superAdmin'] as const;
export type Caller = (typeof CALLERS)[number];

export interface RoleFixture {
  users: Record<Exclude<Caller, 'anonymous'>, BuiltUser>;
  /** Session cookie per caller; '' for anonymous. */
  cookies: Record<Caller, string>;
  /** The project of another customer, where `outsider` is an admin. */
  other: BuiltProject;
}

/**
 * Signed-in callers of every kind around `project`: a viewer and an admin of it, an admin of
 * another customer's project, and a super admin.
 */
export async function signInRoles(
  app: TestApp,
  store: Store,
  project: BuiltProject,
): Promise<RoleFixture> {
  const other = await buildProject(store);
  const users = {
    viewer: await buildUser(store, { project, role: 'viewer' }),
    admin: await buildUser(store, { project, role: 'admin' }),
    outsider: await buildUser(store, { project: other, role: 'admin' }),
    superAdmin: await buildUser(store, { superAdmin: true }),
  };
  const cookies: Record<Caller, string> = {
    anonymous: '',
    viewer: '',
    admin: '',
    outsider: '',
    superAdmin: '',
  };
  for (const [caller, user] of Object.entries(users)) {
    cookies[caller as Caller] = (await signIn(app, user)).cookie;
  }
  return { users, cookies, other };
}

/** Status codes per caller: 401 anonymous, 403 viewer and outsider, the rest as `allowed`. */
export async function expectRoleMatrix(
  fixture: RoleFixture,
  call: (cookie: string) => Promise<LightMyRequestResponse>,
  allowed: { admin: number; superAdmin: number },
) {
  const expected: Record<Caller, number> = {
    anonymous: 401,
    viewer: 403,
    outsider: 403,
    ...allowed,
  };
  const actual: Partial<Record<Caller, number>> = {};
  for (const caller of CALLERS) {
    const response = await call(fixture.cookies[caller]);
    actual[caller] = response.statusCode;
  }
  expect(actual).toEqual(expected);
}

export const withCookie = (cookie: string) => (cookie ? { cookie } : {});
