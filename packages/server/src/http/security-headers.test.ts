import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.js';

type Headers = Record<string, unknown>;

/** The policy's directives by name, each with its sources. */
function directives(headers: Headers): Map<string, string[]> {
  const policy = String(headers['content-security-policy'] ?? '');
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectSecurityHeaders(headers: Headers) {
  const csp = directives(headers);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.has('upgrade-insecure-requests')).toBe(false);
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('security headers', () => {
  let webDist: string;
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'web-dist-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>舆情</title>');
    ctx = await openTestApp('pglite', { webDist });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('are on the web app page of a project path', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/yuqing/acme/brand/latest/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expectSecurityHeaders(response.headers);
  });

  it('are on API answers, errors included', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    expectSecurityHeaders(health.headers);
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing.headers);
  });

  it('are on Swagger UI, whose scripts are files of its own', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(page.statusCode).toBe(200);
    expectSecurityHeaders(page.headers);
    expect(page.body).not.toMatch(/<script>|<script[^>]*>\s*\S[^<]*<\/script>/);
  });

  it('allow framed WeChat QR pages and admin iframes, but only this site as a framer', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = directives(response.headers);
    expect(csp.get('frame-src')).toEqual(["'self'", 'http:', 'https:']);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('pin https only behind an https public address', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await openTestApp('pglite', { publicUrl: 'https://yuqing.example.com' });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=15552000');
    } finally {
      await secure.close();
    }
  });
});
