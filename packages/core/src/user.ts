import { z } from 'zod';
import { projectScope } from './location.js';

const md5Hex = z.string().regex(/^[0-9a-f]{32}$/i, '必须是 MD5 十六进制串');

/** `POST /login` payload (spec section 3): the password is the MD5 hex of what was typed. */
/** A new account's name, as members and the admin console create it. */
export const newUsername = z
  .string()
  .trim()
  .min(1, '请输入用户名')
  .max(64)
  .regex(/^[A-Za-z0-9_.@-]+$/, '用户名只能包含字母、数字和 _ . @ -');
export const nickname = z.string().trim().min(1, '请输入昵称').max(64);
/** Passwords are sent as typed, over the session's connection; the store keeps a hash only. */
export const newPassword = z.string().min(8, '密码至少 8 位').max(128);

export const loginPayload = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(64),
  password: md5Hex,
  customer: z.object({ code: z.string().min(1), name: z.string().default('') }),
  timestamp: z.number().int().positive(),
});
export type LoginPayload = z.infer<typeof loginPayload>;

/** The spec's User entity. */
export const userInfo = z.object({
  nickname: z.string(),
  isLogin: z.boolean(),
  isWx: z.boolean(),
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  isGuest: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const GUEST: UserInfo = {
  nickname: '',
  isLogin: false,
  isWx: false,
  isAdmin: false,
  isSuperAdmin: false,
  isGuest: true,
};

/** `POST /user`: the user-info call, for the project named in the URL path. */
export const userInfoRequest = projectScope.extend({
  /** A token carried in a URL (single sign-on link); it becomes the session cookie. */
  token: z.string().min(16).max(256).optional(),
  referrer: z.string().max(2048).optional(),
});
export type UserInfoRequest = z.infer<typeof userInfoRequest>;

/** What the WeChat login frame posts to its parent window. */
export const wxLoginMessage = z.union([
  z.object({ token: z.string(), user: userInfo }),
  z.object({ error: z.string() }),
]);
export type WxLoginMessage = z.infer<typeof wxLoginMessage>;
