import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, HttpError } from '../errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** `none`: the user's own action (typed address, bookmark), not another site's. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

export const CROSS_SITE_MESSAGE = '拒绝来自其他网站的请求';
export const NOT_JSON_MESSAGE = '请求体须为 JSON（Content-Type: application/json）';

export interface OriginCheckOptions {
  /** PUBLIC_URL: pages there are this server's, whatever Host a proxy passes on. */
  publicUrl?: string;
  /** Routes (their full registered paths) that take files, not JSON: only their origin is checked. */
  fileRoutes: readonly string[];
}

/** True when the browser says the call comes from a page of another origin. */
function isCrossSite(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && !OWN_FETCH_SITES.has(String(site))) return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === publicOrigin) return false;
  try {
    // A page served by this very host and port is ours, whichever scheme a proxy ended. Both
    // sides go through the URL parser, which drops a scheme's default port (`localhost:80`).
    const page = new URL(origin);
    return page.host !== new URL(`${page.protocol}//${request.host}`).host;
  } catch {
    return true; // `null` (sandboxed frames, opaque redirects) or garbage
  }
}

function isJson(contentType: string): boolean {
  return contentType.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
}

/**
 * Refuses state-changing calls (POST, PUT, PATCH, DELETE) that another site's page makes in the
 * signed-in user's name: the session cookie is SameSite=Lax, which still goes along with calls
 * from another port of the same host. The browser names where a call comes from in
 * `Sec-Fetch-Site` and `Origin`; callers that send neither (the import command, curl) pass.
 * Bodies must be JSON, except on file routes: forms can send `text/plain`, urlencoded and
 * multipart bodies to anywhere, but JSON only through fetch, which is bound by CORS. A call
 * without a body and without a content type (logout, deletes) is no form's.
 */
export function registerOriginCheck(app: FastifyInstance, options: OriginCheckOptions) {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  const fileRoutes = new Set(options.fileRoutes);
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (isCrossSite(request, publicOrigin)) throw forbidden(CROSS_SITE_MESSAGE);
    if (fileRoutes.has(request.routeOptions.url ?? '')) return;
    const contentType = request.headers['content-type'];
    if (contentType === undefined ? hasBody(request) : !isJson(contentType)) {
      throw new HttpError(415, NOT_JSON_MESSAGE);
    }
  });
}
