import { z } from 'zod';
import { defineCall } from './calls/call.js';
import { projectScope } from './location.js';
import { loginPayload, userInfo, userInfoRequest } from './user.js';

const tags = ['session'];

/** The project a session call may name: who is signed in is told their role there. */
const optionalScope = projectScope.partial();

/** What the WeChat provider sends the login frame back with (nothing when the user cancelled). */
export const wxCallbackQuery = projectScope.extend({
  code: z.string().min(1).max(512).optional(),
  state: z.string().min(1).max(512).optional(),
});

/** Signing in and out, and who is signed in (public: they are how a session starts). */
export const SESSION_CALLS = {
  login: defineCall({
    method: 'POST',
    path: '/login',
    access: 'public',
    summary: 'Sign in with username and the MD5 of the password',
    tags,
    body: loginPayload,
    query: optionalScope,
    answer: userInfo,
  }),
  logout: defineCall({
    method: 'POST',
    path: '/logout',
    access: 'public',
    summary: 'End the current session',
    tags,
    query: optionalScope,
    answer: z.null(),
  }),
  user: defineCall({
    method: 'POST',
    path: '/user',
    access: 'public',
    summary: 'Who is signed in, and what they may do in this project',
    tags,
    body: userInfoRequest,
    query: optionalScope,
    answer: userInfo,
  }),
  /** An HTML page shown in the login frame; it answers no envelope. */
  wxCallback: defineCall({
    method: 'GET',
    path: '/wx/callback',
    access: 'public',
    summary: 'WeChat QR login callback page (HTML, shown in the login frame)',
    tags,
    query: wxCallbackQuery,
  }),
  /** The callback page's script (hidden from the API documentation). */
  wxCallbackScript: defineCall({
    method: 'GET',
    path: '/wx/callback.js',
    access: 'public',
    summary: "The WeChat login callback page's script",
    tags,
  }),
};
