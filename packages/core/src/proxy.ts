import { z } from 'zod';
import { defineCall } from './calls/call.js';
import { API_BASE } from './constants.js';

/** What the image proxy is asked for: a remote image by its address. */
export const proxyQuery = z.object({
  type: z.literal('img', { error: '只支持 img' }),
  uri: z.string({ error: '缺少图片地址' }).min(1, '缺少图片地址').max(8192, '地址过长'),
});

/** The server's image proxy (spec section 7); it answers the image, not an envelope. */
export const PROXY_CALLS = {
  image: defineCall({
    method: 'GET',
    path: '/proxy',
    access: 'signed-in',
    summary: 'Image proxy: remote images of posts, fetched by the server for cards and exports',
    tags: ['proxy'],
    query: proxyQuery,
  }),
};

/** GET path of the server's image proxy (spec section 7). */
export const PROXY_PATH = `${API_BASE}${PROXY_CALLS.image.path}`;

/**
 * The address to show a remote image through: the server's image proxy, so browsers never fetch
 * third-party hosts and exports draw same-origin images. Same-origin paths (`/demo-assets/...`),
 * `data:` and `blob:` URLs are returned as they are; a protocol-relative `//host/x` is taken as
 * https.
 */
export function proxyImageUrl(uri: string): string {
  const trimmed = uri.trim();
  if (!trimmed) return trimmed;
  if (trimmed.startsWith('//')) return proxyImageUrl(`https:${trimmed}`);
  if (trimmed.startsWith('/') || /^(data|blob):/i.test(trimmed)) return trimmed;
  return `${PROXY_PATH}?type=img&uri=${encodeURIComponent(trimmed)}`;
}
