import {
  SESSION_CALLS,
  type LoginPayload,
  type UserInfo,
  type UserInfoRequest,
} from '@yuqing/core';
import { call } from './call';

/** `POST /user`: who is signed in; a URL token in the body becomes the session cookie. */
export function fetchUser(body: UserInfoRequest): Promise<UserInfo> {
  return call(SESSION_CALLS.user, { body });
}

/** `POST /login`; failures are reported by the login form as 登录失败!. */
export function login(body: LoginPayload): Promise<UserInfo> {
  return call(SESSION_CALLS.login, { body }, { quiet: true });
}

export async function logout(): Promise<void> {
  await call(SESSION_CALLS.logout);
}
