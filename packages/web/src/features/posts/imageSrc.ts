import { API_BASE } from '@yuqing/core';

/**
 * The address an image of a post is loaded from. Same-origin images (the demo's
 * `/demo-assets/...`) load directly; images of other hosts go through the server's image proxy
 * (`GET /api/v1/proxy?type=img&uri=`), so the browser never asks a platform's CDN itself (they
 * refuse foreign referrers). Switch to core's `proxyImageUrl` once it exists.
 */
export function imageSrc(uri: string): string {
  if (uri.startsWith('/') && !uri.startsWith('//')) return uri;
  if (uri.startsWith('data:')) return uri;
  return `${API_BASE}/proxy?type=img&uri=${encodeURIComponent(uri)}`;
}
