import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowingAddresses } from '../net/address.js';
import { cacheKey } from '../proxy/cache.js';
import { PNG, SVG, startUpstream, type Upstream } from '../../test/test-upstream.js';
import { buildUser } from '../../test/factories.js';
import { openTestApp, signIn, type TestApp } from '../../test/app.js';
import { testStoreKinds } from '../../test/stores.js';

const proxy = (app: TestApp, uri: string, cookie?: string) =>
  app.inject({
    method: 'GET',
    url: '/api/v1/proxy',
    query: { type: 'img', uri },
    headers: cookie ? { cookie } : {},
  });

async function signedIn(ctx: Awaited<ReturnType<typeof openTestApp>>) {
  const user = await buildUser(ctx.store);
  const { cookie } = await signIn(ctx.app, user);
  return cookie;
}

describe.each(testStoreKinds())('GET /proxy on %s', (kind) => {
  // The production address policy: nothing local is reachable.
  let production: Awaited<ReturnType<typeof openTestApp>>;
  let productionCookie: string;
  // The production policy plus 127.0.0.2, where the stand-in image host listens.
  let local: Awaited<ReturnType<typeof openTestApp>>;
  let localCookie: string;
  let upstream: Upstream;
  // A server on 127.0.0.1 that must never be reached: it counts what it gets.
  let victim: Server;
  let victimHits = 0;
  let victimPort: number;
  let cacheDir: string;

  beforeAll(async () => {
    upstream = await startUpstream('127.0.0.2');
    victim = createServer((_request, response) => {
      victimHits += 1;
      response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    });
    await new Promise<void>((resolve) => victim.listen(0, '127.0.0.1', resolve));
    victimPort = (victim.address() as AddressInfo).port;
    cacheDir = await mkdtemp(join(tmpdir(), 'proxy-route-'));

    production = await openTestApp(kind);
    productionCookie = await signedIn(production);
    local = await openTestApp(
      kind,
      {},
      {
        imageProxy: {
          policy: allowingAddresses([upstream.host]),
          timeoutMs: 500,
          cacheDir,
        },
      },
    );
    localCookie = await signedIn(local);
  });

  afterAll(async () => {
    await production?.close();
    await local?.close();
    await upstream?.close();
    victim?.closeAllConnections();
    await new Promise((resolve) => victim?.close(resolve));
    await rm(cacheDir, { recursive: true, force: true });
  });

  const expectError = (
    response: Awaited<ReturnType<typeof proxy>>,
    status: number,
    msg: string | RegExp,
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<{ success: boolean; msg: string }>();
    expect(body.success).toBe(false);
    if (typeof msg === 'string') expect(body.msg).toBe(msg);
    else expect(body.msg).toMatch(msg);
  };

  describe('who may ask', () => {
    it('answers 401 without a session, before looking at the query', async () => {
      expectError(await proxy(production.app, upstream.url('/png')), 401, '请先登录');
      const bad = await production.app.inject({ method: 'GET', url: '/api/v1/proxy?type=x' });
      expectError(bad, 401, '请先登录');
      expect(upstream.hits('/png')).toBe(0);
    });

    it('answers 400 naming the parameter for a bad query', async () => {
      const noUri = await production.app.inject({
        method: 'GET',
        url: '/api/v1/proxy?type=img',
        headers: { cookie: productionCookie },
      });
      expectError(noUri, 400, /^uri: 缺少图片地址/);
      const badType = await production.app.inject({
        method: 'GET',
        url: `/api/v1/proxy?type=video&uri=${encodeURIComponent('https://a.example/a.png')}`,
        headers: { cookie: productionCookie },
      });
      expectError(badType, 400, /^type: 只支持 img/);
    });
  });

  describe('attacks, refused by the production policy without connecting', () => {
    const cases: [string, number, string | RegExp][] = [
      ['file:///etc/passwd', 400, 'uri: 只允许 http 或 https 地址（收到 file:）'],
      ['gopher://127.0.0.1:6379/_FLUSHALL', 400, 'uri: 只允许 http 或 https 地址（收到 gopher:）'],
      ['http://user:pw@example.com/a.png', 400, 'uri: 不允许包含用户名或密码'],
      ['not a url', 400, 'uri: 不是有效的网址'],
      ['http://127.0.0.1:PORT/png', 403, 'uri: 不允许访问本机地址 127.0.0.1'],
      [
        'http://localhost:PORT/png',
        403,
        /^uri: 不允许访问本机地址 (127\.0\.0\.1|::1)（localhost 解析为/,
      ],
      ['http://[::1]:PORT/png', 403, 'uri: 不允许访问本机地址 ::1'],
      ['http://0.0.0.0:PORT/png', 403, 'uri: 不允许访问未指定地址 0.0.0.0'],
      ['http://[::]:PORT/png', 403, 'uri: 不允许访问未指定地址 ::'],
      ['http://10.0.0.1/a.png', 403, 'uri: 不允许访问内网地址 10.0.0.1'],
      ['http://172.16.5.4/a.png', 403, 'uri: 不允许访问内网地址 172.16.5.4'],
      ['http://192.168.1.1:8080/a.png', 403, 'uri: 不允许访问内网地址 192.168.1.1'],
      ['http://100.64.0.1/a.png', 403, 'uri: 不允许访问运营商级内网地址（CGNAT） 100.64.0.1'],
      [
        'http://169.254.169.254/latest/meta-data/',
        403,
        'uri: 不允许访问云服务器元数据地址 169.254.169.254',
      ],
      [
        'http://100.100.100.200/latest/meta-data/',
        403,
        'uri: 不允许访问云服务器元数据地址 100.100.100.200',
      ],
      [
        'http://[fd00:ec2::254]/latest/meta-data/',
        403,
        'uri: 不允许访问云服务器元数据地址 fd00:ec2::254',
      ],
      ['http://[fe80::1]/a.png', 403, 'uri: 不允许访问链路本地地址 fe80::1'],
      ['http://[fc00::1]/a.png', 403, 'uri: 不允许访问内网地址（IPv6 唯一本地） fc00::1'],
      ['http://224.0.0.1/a.png', 403, 'uri: 不允许访问组播地址 224.0.0.1'],
      ['http://2130706433:PORT/png', 403, 'uri: 不允许访问本机地址 127.0.0.1'],
      ['http://0177.0.0.1:PORT/png', 403, 'uri: 不允许访问本机地址 127.0.0.1'],
      ['http://0x7f.0.0.1:PORT/png', 403, 'uri: 不允许访问本机地址 127.0.0.1'],
      ['http://0x7f000001:PORT/png', 403, 'uri: 不允许访问本机地址 127.0.0.1'],
      ['http://127.1:PORT/png', 403, 'uri: 不允许访问本机地址 127.0.0.1'],
      [
        'http://[::ffff:127.0.0.1]:PORT/png',
        403,
        'uri: 不允许访问本机地址 ::ffff:7f00:1（即 IPv4 127.0.0.1）',
      ],
      [
        'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
        403,
        'uri: 不允许访问云服务器元数据地址 ::ffff:a9fe:a9fe（即 IPv4 169.254.169.254）',
      ],
    ];

    it.each(cases)('%s → %i', async (uri, status, msg) => {
      const response = await proxy(
        production.app,
        uri.replace('PORT', String(victimPort)),
        productionCookie,
      );
      expectError(response, status, msg);
      expect(victimHits).toBe(0);
    });

    it('refuses the stand-in image host too: tests allow it only through their own policy', async () => {
      const response = await proxy(
        production.app,
        upstream.url('/png/production'),
        productionCookie,
      );
      expectError(response, 403, 'uri: 不允许访问本机地址 127.0.0.2');
      expect(upstream.hits('/png/production')).toBe(0);
    });
  });

  describe('images from an allowed host', () => {
    it('serves a PNG with its type, cache headers, nosniff and a CSP', async () => {
      const response = await proxy(local.app, upstream.url('/png/first'), localCookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.rawPayload).toEqual(PNG);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('private, max-age=604800');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      );
      expect(response.headers['x-proxy-cache']).toBe('miss');
    });

    it('serves SVG only under a CSP that forbids its scripts', async () => {
      const response = await proxy(local.app, upstream.url('/svg'), localCookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.body).toBe(SVG);
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.headers['content-security-policy']).toContain('sandbox');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });

    it('decodes gzip, knows image/jpg, and accepts octet-stream only when the bytes are an image', async () => {
      const gzip = await proxy(local.app, upstream.url('/gzip'), localCookie);
      expect(gzip.statusCode).toBe(200);
      expect(gzip.rawPayload).toEqual(PNG);
      const alias = await proxy(local.app, upstream.url('/jpg-alias'), localCookie);
      expect(alias.headers['content-type']).toBe('image/jpeg');
      const octet = await proxy(local.app, upstream.url('/octet-png'), localCookie);
      expect(octet.statusCode).toBe(200);
      expect(octet.headers['content-type']).toBe('image/png');
      const html = await proxy(local.app, upstream.url('/octet-html'), localCookie);
      expectError(html, 502, '不是图片（application/octet-stream）');
    });

    it('serves a second request from the disk cache, without asking upstream again', async () => {
      const uri = upstream.url('/png/cached');
      const first = await proxy(local.app, uri, localCookie);
      const second = await proxy(local.app, uri, localCookie);
      expect(first.headers['x-proxy-cache']).toBe('miss');
      expect(second.statusCode).toBe(200);
      expect(second.headers['x-proxy-cache']).toBe('hit');
      expect(second.headers['content-type']).toBe('image/png');
      expect(second.headers['cache-control']).toBe('private, max-age=604800');
      expect(second.rawPayload).toEqual(PNG);
      expect(upstream.hits('/png/cached')).toBe(1);
      expect(await readdir(cacheDir)).toContain(cacheKey(uri));
    });

    it('follows up to 3 redirects', async () => {
      const response = await proxy(local.app, upstream.url('/hops/3'), localCookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.rawPayload).toEqual(PNG);
    });
  });

  describe('upstream answers refused', () => {
    it('refuses a 4th redirect', async () => {
      const response = await proxy(local.app, upstream.url('/hops/4'), localCookie);
      expectError(response, 502, '重定向次数过多（超过 3 次）');
      expect(upstream.hits('/png/after-hops')).toBe(1); // only the 3-hop test's
    });

    it('re-checks every hop: a redirect to 127.0.0.1 is refused before connecting', async () => {
      const target = `http://127.0.0.1:${victimPort}/png`;
      const response = await proxy(
        local.app,
        upstream.url(`/to?location=${encodeURIComponent(target)}`),
        localCookie,
      );
      expectError(response, 403, '重定向目标不允许访问本机地址 127.0.0.1');
      expect(victimHits).toBe(0);
    });

    it('refuses a redirect to a private address, a decimal host, or another scheme', async () => {
      const to = (location: string) =>
        proxy(local.app, upstream.url(`/to?location=${encodeURIComponent(location)}`), localCookie);
      expectError(await to('http://10.0.0.1/a.png'), 403, '重定向目标不允许访问内网地址 10.0.0.1');
      expectError(
        await to(`http://2130706433:${victimPort}/png`),
        403,
        '重定向目标不允许访问本机地址 127.0.0.1',
      );
      expectError(
        await to('file:///etc/passwd'),
        403,
        '重定向目标只允许 http 或 https 地址（收到 file:）',
      );
      expectError(
        await proxy(local.app, upstream.url('/to'), localCookie),
        502,
        '图片源要求重定向，但没有给出地址',
      );
      expect(victimHits).toBe(0);
    });

    it('refuses what is not an image', async () => {
      expectError(
        await proxy(local.app, upstream.url('/html'), localCookie),
        502,
        '不是图片（text/html）',
      );
      expectError(
        await proxy(local.app, upstream.url('/no-type'), localCookie),
        502,
        '不是图片（没有 Content-Type）',
      );
    });

    it('refuses an image over 5 MB, declared or streamed', async () => {
      expectError(
        await proxy(local.app, upstream.url('/huge'), localCookie),
        502,
        '图片过大（超过 5 MB）',
      );
      expectError(
        await proxy(local.app, upstream.url('/huge-chunked'), localCookie),
        502,
        '图片过大（超过 5 MB）',
      );
    });

    it('answers 504 when the host is too slow, before or during the body', async () => {
      const started = Date.now();
      expectError(
        await proxy(local.app, upstream.url('/hang'), localCookie),
        504,
        '获取图片超时（超过 0.5 秒）',
      );
      expectError(
        await proxy(local.app, upstream.url('/slow'), localCookie),
        504,
        '获取图片超时（超过 0.5 秒）',
      );
      expect(Date.now() - started).toBeLessThan(5000);
    });

    it('answers 502 for an error status or a refused connection, and caches no failure', async () => {
      expectError(
        await proxy(local.app, upstream.url('/missing'), localCookie),
        502,
        '图片源返回 HTTP 404',
      );
      expectError(
        await proxy(local.app, upstream.url('/missing'), localCookie),
        502,
        '图片源返回 HTTP 404',
      );
      expect(upstream.hits('/missing')).toBe(2);
      const closed = await proxy(local.app, `http://${upstream.host}:1/a.png`, localCookie);
      expectError(closed, 502, `图片源拒绝连接（${upstream.host}）`);
    });
  });
});
