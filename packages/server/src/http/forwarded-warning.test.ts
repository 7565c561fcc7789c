import { describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.js';
import { UNTRUSTED_FORWARDING_WARNING } from './forwarded-warning.js';

/** A server with `trustedProxies`, the warnings its log holds, and a GET of /health. */
async function serverWith(trustedProxies?: string[]) {
  const lines: string[] = [];
  const ctx = await openTestApp(
    'pglite',
    { logLevel: 'warn', ...(trustedProxies && { trustedProxies }) },
    { logStream: { write: (line) => lines.push(line) } },
  );
  const health = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/health', headers });
  const warnings = () =>
    lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.msg === UNTRUSTED_FORWARDING_WARNING);
  return { ctx, health, warnings };
}

describe('a request through a proxy that is not trusted', () => {
  it('makes the server warn once that sign-in limits then hold for everyone at once', async () => {
    const { ctx, health, warnings } = await serverWith();
    try {
      await health();
      expect(warnings()).toEqual([]);
      await health({ 'x-forwarded-for': '203.0.113.7' });
      await health({ 'x-forwarded-for': '198.51.100.2' });
      expect(warnings()).toHaveLength(1);
      expect(warnings()[0]!.level).toBe(40);
      expect(warnings()[0]!.msg).toContain('TRUSTED_PROXIES');
    } finally {
      await ctx.close();
    }
  });

  it('makes no warning when TRUSTED_PROXIES is set', async () => {
    const { ctx, health, warnings } = await serverWith(['127.0.0.1']);
    try {
      await health({ 'x-forwarded-for': '203.0.113.7' });
      expect(warnings()).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
