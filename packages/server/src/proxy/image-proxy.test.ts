import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowingAddresses } from '../net/address.js';
import { IMAGE_PROXY_DEFAULTS, ImageProxy } from './image-proxy.js';
import { PNG, startUpstream, type Upstream } from '../../test/test-upstream.js';

describe('ImageProxy', () => {
  let upstream: Upstream;
  let dir: string;
  beforeAll(async () => {
    upstream = await startUpstream();
    dir = await mkdtemp(join(tmpdir(), 'image-proxy-'));
  });
  afterAll(async () => {
    await upstream.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('defaults: public addresses only, 5 MB, 8 s, 3 redirects, a 200 MB cache kept a week', () => {
    expect(IMAGE_PROXY_DEFAULTS).toMatchObject({
      maxBytes: 5 * 1024 * 1024,
      timeoutMs: 8000,
      maxRedirects: 3,
      cacheMaxBytes: 200 * 1024 * 1024,
      cacheMaxAgeMs: 7 * 24 * 3600 * 1000,
    });
    expect(IMAGE_PROXY_DEFAULTS.policy('127.0.0.1')?.kind).toBe('loopback');
  });

  it('shares one fetch between concurrent requests for one URI', async () => {
    const images = new ImageProxy({ policy: allowingAddresses([upstream.host]) });
    const uri = upstream.url('/png/concurrent');
    const answers = await Promise.all([images.get(uri), images.get(uri), images.get(uri)]);
    expect(answers.map((a) => a.body)).toEqual([PNG, PNG, PNG]);
    expect(upstream.hits('/png/concurrent')).toBe(1);
  });

  it('keys the cache by the normalised URI, and fetches again once an entry is too old', async () => {
    const policy = allowingAddresses([upstream.host]);
    const fresh = new ImageProxy({ policy, cacheDir: join(dir, 'a') });
    expect((await fresh.get(upstream.url('/png/key'))).cache).toBe('miss');
    expect((await fresh.get(upstream.url('/png/key#fragment'))).cache).toBe('hit');
    expect(upstream.hits('/png/key')).toBe(1);

    const stale = new ImageProxy({ policy, cacheDir: join(dir, 'a'), cacheMaxAgeMs: 0 });
    expect((await stale.get(upstream.url('/png/key'))).cache).toBe('miss');
    expect(upstream.hits('/png/key')).toBe(2);
  });

  it('keeps no cache when the bound is 0', async () => {
    const images = new ImageProxy({
      policy: allowingAddresses([upstream.host]),
      cacheDir: join(dir, 'none'),
      cacheMaxBytes: 0,
    });
    await images.get(upstream.url('/png/uncached'));
    expect((await images.get(upstream.url('/png/uncached'))).cache).toBe('miss');
    expect(upstream.hits('/png/uncached')).toBe(2);
  });
});
