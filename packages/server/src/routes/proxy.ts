import { z } from 'zod';
import type { ImageProxy } from '../proxy/image-proxy.js';
import type { Api, RouteContext } from './context.js';

const proxyQuery = z.object({
  type: z.literal('img', { error: '只支持 img' }),
  uri: z.string({ error: '缺少图片地址' }).min(1, '缺少图片地址').max(8192, '地址过长'),
});

/** Proxied images may be SVG: no script, no plugin, no frame may run in what we serve. */
export const PROXY_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Browsers keep a proxied image a week; private, since only signed-in users may ask. */
export const PROXY_CACHE_CONTROL = 'private, max-age=604800';

export function proxyRoutes(api: Api, { access }: RouteContext, images: ImageProxy) {
  api.get(
    '/proxy',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Image proxy: remote images of posts, fetched by the server for cards and exports',
        tags: ['proxy'],
        querystring: proxyQuery,
      },
      // Sign-in is checked before the query, so strangers learn nothing about what is accepted.
      preValidation: async (request, reply) => {
        await access.requireViewer(request, reply);
      },
    },
    async (request, reply) => {
      const image = await images.get(request.query.uri);
      return reply
        .header('cache-control', PROXY_CACHE_CONTROL)
        .header('content-security-policy', PROXY_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'same-origin')
        .header('x-proxy-cache', image.cache)
        .type(image.contentType)
        .send(image.body);
    },
  );
}
