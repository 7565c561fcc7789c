import { PROXY_CALLS } from '@yuqing/core';
import type { ImageProxy } from '../proxy/image-proxy.js';
import type { Api, RouteContext } from './context.js';
import { route } from './route.js';

/** Proxied images may be SVG: no script, no plugin, no frame may run in what we serve. */
export const PROXY_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Browsers keep a proxied image a week; private, since only signed-in users may ask. */
export const PROXY_CACHE_CONTROL = 'private, max-age=604800';

/**
 * The image proxy. Sign-in is checked (by the access hook) before the query, so strangers learn
 * nothing about what is accepted.
 */
export function proxyRoutes(api: Api, _context: RouteContext, images: ImageProxy) {
  route(api, PROXY_CALLS.image, async ({ query, reply }) => {
    const image = await images.get(query.uri);
    return reply
      .header('cache-control', PROXY_CACHE_CONTROL)
      .header('content-security-policy', PROXY_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'same-origin')
      .header('x-proxy-cache', image.cache)
      .type(image.contentType)
      .send(image.body);
  });
}
