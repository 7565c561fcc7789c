import type { FastifyInstance } from 'fastify';

export const UNTRUSTED_FORWARDING_WARNING =
  '请求带有 X-Forwarded-For，但未设置 TRUSTED_PROXIES：客户端地址取自连接，即反向代理的地址，' +
  '登录失败次数按地址限制，任何人连续输错 5 次即会锁住所有用户；请把代理的地址写入 TRUSTED_PROXIES。' +
  ' Requests carry X-Forwarded-For but TRUSTED_PROXIES is not set: every client has the address ' +
  "of the proxy, and sign-in failures are limited per address, so five bad tries by anyone lock everyone out. Set TRUSTED_PROXIES to the proxy's address.";

/**
 * Sign-in failures are limited per client address, which is the connection's unless it comes
 * from one of TRUSTED_PROXIES. Behind a reverse proxy that is not declared, every user has the
 * proxy's address, and five bad tries by anyone lock everyone out. The first request that comes
 * with X-Forwarded-For while no proxy is trusted makes the server log a warning, once.
 */
export function warnOfUntrustedForwarding(
  app: FastifyInstance,
  trustedProxies: readonly string[] | undefined,
): void {
  if (trustedProxies && trustedProxies.length > 0) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    app.log.warn({ address: request.ip }, UNTRUSTED_FORWARDING_WARNING);
  });
}
