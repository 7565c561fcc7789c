import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { messageOf } from '../refusals.js';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_BASE, type ProjectScope } from '@yuqing/core';
import type { Config, WxConfig } from '../config.js';
import { badGateway, badRequest } from '../errors.js';
import type { Store } from '../store/index.js';

const STATE_TTL_MS = 10 * 60 * 1000;

const tokenAnswer = z.union([
  z.object({ access_token: z.string(), openid: z.string() }),
  z.object({ errcode: z.number(), errmsg: z.string() }),
]);
const profileAnswer = z.union([
  z.object({ openid: z.string(), nickname: z.string() }),
  z.object({ errcode: z.number(), errmsg: z.string() }),
]);

export interface WxIdentity {
  openid: string;
  nickname: string;
}

/**
 * WeChat open-platform QR sign-in: the login frame shows the provider's QR page, the provider
 * sends the frame back to our callback with a code, and we exchange the code for an identity.
 * The state parameter is an HMAC over the project and an expiry, so a callback cannot be forged.
 */
export class WxLogin {
  constructor(
    private readonly config: Config,
    private readonly store: Store,
  ) {}

  get enabled(): boolean {
    return Boolean(this.config.wx);
  }

  origin(request: FastifyRequest): string {
    return this.config.publicUrl
      ? new URL(this.config.publicUrl).origin
      : `${request.protocol}://${request.host}`;
  }

  callbackUrl(request: FastifyRequest, scope: ProjectScope): string {
    const url = new URL(`${API_BASE}/wx/callback`, this.origin(request));
    for (const [key, value] of Object.entries(scope)) if (value) url.searchParams.set(key, value);
    return url.toString();
  }

  /** What the login page needs to show the QR frame; undefined when WeChat is not configured. */
  async frame(request: FastifyRequest, scope: ProjectScope) {
    const wx = this.config.wx;
    if (!wx) return undefined;
    const url = new URL('/connect/qrconnect', wx.qrBaseUrl);
    url.searchParams.set('appid', wx.appId);
    url.searchParams.set('redirect_uri', this.callbackUrl(request, scope));
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', 'snsapi_login');
    url.searchParams.set('state', await this.signState(scope));
    return { qrUrl: `${url.toString()}#wechat_redirect`, loginOrigin: this.origin(request) };
  }

  async verifyState(state: string, scope: ProjectScope): Promise<void> {
    const [expires, signature] = state.split('.');
    const expected = await this.sign(`${expires}|${scopeKey(scope)}`);
    const valid =
      signature !== undefined &&
      signature.length === expected.length &&
      timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) &&
      Number(expires) > Date.now();
    if (!valid) throw badRequest('state: 登录请求已过期或无效，请刷新二维码');
  }

  async exchange(code: string): Promise<WxIdentity> {
    const wx = this.requireConfig();
    const tokenUrl = new URL('/sns/oauth2/access_token', wx.apiBaseUrl);
    tokenUrl.search = new URLSearchParams({
      appid: wx.appId,
      secret: wx.appSecret,
      code,
      grant_type: 'authorization_code',
    }).toString();
    const token = tokenAnswer.parse(await fetchJson(tokenUrl));
    if ('errcode' in token) throw badGateway(`微信登录失败: ${token.errmsg} (${token.errcode})`);

    const profileUrl = new URL('/sns/userinfo', wx.apiBaseUrl);
    profileUrl.search = new URLSearchParams({
      access_token: token.access_token,
      openid: token.openid,
    }).toString();
    const profile = profileAnswer.parse(await fetchJson(profileUrl));
    if ('errcode' in profile) {
      throw badGateway(`微信登录失败: ${profile.errmsg} (${profile.errcode})`);
    }
    return { openid: profile.openid, nickname: profile.nickname };
  }

  private requireConfig(): WxConfig {
    if (!this.config.wx) throw badRequest('未配置微信登录');
    return this.config.wx;
  }

  private async signState(scope: ProjectScope): Promise<string> {
    const expires = String(Date.now() + STATE_TTL_MS);
    return `${expires}.${await this.sign(`${expires}|${scopeKey(scope)}`)}`;
  }

  private async sign(text: string): Promise<string> {
    const secret = await this.store.settings.getOrCreate('wx_state_secret', () =>
      randomBytes(32).toString('hex'),
    );
    return createHmac('sha256', secret).update(text).digest('base64url');
  }
}

function scopeKey(scope: ProjectScope): string {
  return [scope.repository, scope.customer, scope.project, scope.subject_id ?? ''].join('/');
}

async function fetchJson(url: URL): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw badGateway(`无法连接微信登录服务: ${messageOf(error)}`);
  }
  if (!response.ok) throw badGateway(`微信登录服务返回 ${response.status}`);
  return response.json();
}
