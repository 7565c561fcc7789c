import { API_BASE } from './constants.js';

/** GET path of the server's image proxy (spec section 7). */
export const PROXY_PATH = `${API_BASE}/proxy`;

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
