import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ImageCache, cacheKey } from './cache.js';

describe('ImageCache', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'proxy-cache-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const body = (n: number, fill = 1) => Buffer.alloc(n, fill);

  it('stores the bytes and the content type under the SHA-256 of the URI', async () => {
    const cache = new ImageCache(dir, 10_000);
    await cache.put('https://a.example/1.png', 'image/png', body(100, 7));

    const hit = await cache.get('https://a.example/1.png');
    expect(hit?.contentType).toBe('image/png');
    expect(hit?.body).toEqual(body(100, 7));
    expect(await readdir(dir)).toEqual([cacheKey('https://a.example/1.png')]);
    expect(cacheKey('x')).toMatch(/^[0-9a-f]{64}$/);
    expect(await cache.get('https://a.example/2.png')).toBeUndefined();
  });

  it('evicts the least recently used entries beyond its bound', async () => {
    // Each entry is 400 bytes of body plus a header of about 80: two fit, three do not.
    const cache = new ImageCache(dir, 1200);
    await cache.put('https://a.example/a', 'image/png', body(400));
    await cache.put('https://a.example/b', 'image/png', body(400));
    expect(await cache.get('https://a.example/a')).toBeDefined(); // a is now the most recent
    await cache.put('https://a.example/c', 'image/png', body(400));

    expect(await cache.get('https://a.example/b')).toBeUndefined();
    expect(await cache.get('https://a.example/a')).toBeDefined();
    expect(await cache.get('https://a.example/c')).toBeDefined();
    expect(cache.size).toBeLessThanOrEqual(1200);
    expect((await readdir(dir)).sort()).toEqual(
      [cacheKey('https://a.example/a'), cacheKey('https://a.example/c')].sort(),
    );
  });

  it('replaces an entry stored again without counting it twice', async () => {
    const cache = new ImageCache(dir, 10_000);
    await cache.put('https://a.example/a', 'image/png', body(400));
    const once = cache.size;
    await cache.put('https://a.example/a', 'image/gif', body(400));
    expect(cache.size).toBe(once);
    expect((await cache.get('https://a.example/a'))?.contentType).toBe('image/gif');
  });

  it('does not keep an image larger than the whole bound', async () => {
    const cache = new ImageCache(dir, 1000);
    await cache.put('https://a.example/big', 'image/png', body(2000));
    expect(await cache.get('https://a.example/big')).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
  });

  it('finds what an earlier run stored, evicts by last use, and removes interrupted writes', async () => {
    const first = new ImageCache(dir, 10_000);
    await first.put('https://a.example/old', 'image/png', body(400));
    await first.put('https://a.example/new', 'image/png', body(400));
    const long = new Date(Date.now() - 3600_000);
    await utimes(join(dir, cacheKey('https://a.example/old')), long, long);
    await writeFile(join(dir, `${cacheKey('x')}.tmp-abcd`), 'partial');

    const second = new ImageCache(dir, 900); // room for one of the two
    expect(await second.get('https://a.example/old')).toBeUndefined();
    expect((await second.get('https://a.example/new'))?.body).toEqual(body(400));
    expect(await readdir(dir)).toEqual([cacheKey('https://a.example/new')]);
  });

  it('treats a damaged file as a miss and removes it', async () => {
    const cache = new ImageCache(dir, 10_000);
    await cache.put('https://a.example/a', 'image/png', body(10));
    await writeFile(join(dir, cacheKey('https://a.example/a')), 'garbage without header');
    expect(await cache.get('https://a.example/a')).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
  });
});
