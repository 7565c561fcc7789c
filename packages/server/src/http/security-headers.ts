import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/**
 * The Content-Security-Policy of every answer: the web app, its files, the API and Swagger UI.
 * No inline or evaluated script anywhere. Styles may be inline: antd writes its CSS-in-JS into
 * `<style>` elements. Frames and images may come from any http(s) address because the iframe and
 * landing-page widgets show addresses that admins configure (the WeChat QR page is one of them).
 * The image proxy answers under its own stricter policy, which replaces this one.
 */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'http:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'", 'http:', 'https:'],
  'frame-ancestors': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/**
 * Security headers on every answer (helmet): the CSP above, framing by this site only,
 * `nosniff`, and a referrer policy that keeps project paths from other sites yet leaves `Origin`
 * on this site's own calls (`no-referrer` would make it `null`). HSTS only behind an https
 * public address, and for this host alone: other hosts of the domain are not ours to pin.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const https = config.publicUrl?.startsWith('https:') ?? false;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  });
}
