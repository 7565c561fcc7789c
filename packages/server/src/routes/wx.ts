import { API_BASE, SESSION_CALLS, type WxLoginMessage } from '@yuqing/core';
import { HttpError } from '../errors.js';
import type { WxLogin } from '../auth/wx-login.js';
import type { Api, RouteContext } from './context.js';
import { route } from './route.js';

/** The page the provider sends the login frame back to: it tells the parent window the outcome. */
export function wxRoutes(api: Api, { store, access }: RouteContext, wx: WxLogin) {
  route(api, SESSION_CALLS.wxCallback, async ({ request, reply, query }) => {
    const { code, state, ...scope } = query;
    const origin = wx.origin(request);
    let message: WxLoginMessage;
    try {
      if (!code || !state) throw new HttpError(400, '用户取消了微信授权');
      await wx.verifyState(state, scope);
      const { project } = await access.findProject(scope);
      const identity = await wx.exchange(code);
      const user = await store.users.findByWxOpenid(identity.openid);
      if (!user) throw new HttpError(403, `微信账号「${identity.nickname}」尚未绑定平台用户`);
      if (user.disabled) throw new HttpError(403, '账号已停用');
      const token = await access.startSession(request, reply, user, true);
      const viewer = await access.viewer(request, reply, token);
      message = { token, user: await access.userInfo(viewer, project) };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      request.log.warn({ reason: error.message }, 'wx login refused');
      message = { error: error.message };
    }
    return reply.type('text/html; charset=utf-8').send(callbackPage(message, origin));
  });
  route(
    api,
    SESSION_CALLS.wxCallbackScript,
    async ({ reply }) => reply.type('text/javascript; charset=utf-8').send(CALLBACK_SCRIPT),
    { schema: { hide: true } },
  );
}

/**
 * The callback page's script, a file of its own because the Content-Security-Policy runs no
 * inline script: it posts the outcome the page carries as data to the login page.
 */
const CALLBACK_SCRIPT = `const { message, origin } = JSON.parse(document.getElementById('wx-login').textContent);
window.parent.postMessage(message, origin);
`;

function callbackPage(message: WxLoginMessage, origin: string): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  const text = 'error' in message ? '登录失败!' : '登录成功，正在跳转…';
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>微信登录</title></head>
<body style="font-family:sans-serif;text-align:center;padding-top:40px;color:#333">${text}
<script type="application/json" id="wx-login">${json({ message, origin })}</script>
<script src="${API_BASE}/wx/callback.js"></script></body></html>`;
}
