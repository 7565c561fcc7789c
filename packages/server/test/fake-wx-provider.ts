import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWxUser {
  code: string;
  openid: string;
  nickname: string;
}

/**
 * A small stand-in for WeChat's open platform on loopback: a QR page whose "scan" link sends the
 * frame back with a code, the code exchange and the profile call. Its QR page can also post a
 * forged sign-in message to its parent, which the product must ignore.
 */
export async function startFakeWxProvider(options: {
  appId: string;
  appSecret: string;
  users: FakeWxUser[];
}) {
  const tokens = new Map<string, FakeWxUser>();
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const q = url.searchParams;
    const json = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/connect/qrconnect') {
      const back = new URL(q.get('redirect_uri') ?? '');
      back.searchParams.set('state', q.get('state') ?? '');
      const links = options.users
        .map((user) => {
          back.searchParams.set('code', user.code);
          return `<a id="scan-${user.code}" href="${back.toString()}">扫码确认 ${user.nickname}</a>`;
        })
        .join('<br>');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html><body style="font-family:sans-serif;text-align:center">
<div style="width:160px;height:160px;margin:12px auto;background:repeating-linear-gradient(45deg,#000 0 6px,#fff 6px 12px)"></div>
<p>微信扫码登录（测试服务）</p>${links}
<br><button id="forge" onclick="parent.postMessage({token:'forged',user:{nickname:'forged',isLogin:true,isWx:true,isAdmin:true,isSuperAdmin:true,isGuest:false}},'*')">forge</button>
</body></html>`);
      return;
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      const user = options.users.find((u) => u.code === q.get('code'));
      if (q.get('appid') !== options.appId || q.get('secret') !== options.appSecret) {
        return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      }
      if (!user) return json({ errcode: 40029, errmsg: 'invalid code' });
      const token = `at-${user.code}`;
      tokens.set(token, user);
      return json({
        access_token: token,
        expires_in: 7200,
        openid: user.openid,
        scope: 'snsapi_login',
      });
    }
    if (url.pathname === '/sns/userinfo') {
      const user = tokens.get(q.get('access_token') ?? '');
      if (!user || user.openid !== q.get('openid'))
        return json({ errcode: 40001, errmsg: 'invalid credential' });
      return json({ openid: user.openid, nickname: user.nickname });
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
