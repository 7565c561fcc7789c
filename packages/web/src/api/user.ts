import { userInfo, type LoginPayload, type UserInfo, type UserInfoRequest } from '@yuqing/core';
import { noData, request } from './client';

/** `POST /user`: who is signed in; a URL token in the body becomes the session cookie. */
export function fetchUser(body: UserInfoRequest): Promise<UserInfo> {
  return request('/user', userInfo, { method: 'POST', body });
}

/** `POST /login`; failures are reported by the login form as 登录失败!. */
export function login(body: LoginPayload): Promise<UserInfo> {
  return request('/login', userInfo, { method: 'POST', body, quiet: true });
}

export function logout(): Promise<undefined> {
  return request('/logout', noData, { method: 'POST' });
}
