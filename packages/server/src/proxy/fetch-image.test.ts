import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowingAddresses, publicAddressesOnly } from '../net/address.js';
import type { Resolver } from '../net/destination.js';
import { fetchImage, parseImageUri, type FetchImageOptions } from './fetch-image.js';
import { PNG, startUpstream, type Upstream } from '../../test/test-upstream.js';

describe('fetchImage and DNS', () => {
  let upstream: Upstream;
  beforeAll(async () => {
    upstream = await startUpstream();
  });
  afterAll(() => upstream.close());

  const options = (resolve: Resolver, policy = allowingAddresses(['127.0.0.2'])) =>
    ({
      policy,
      resolve,
      maxBytes: 5 * 1024 * 1024,
      timeoutMs: 2000,
      maxRedirects: 3,
    }) satisfies FetchImageOptions;

  it('connects to the address it checked, even when the name resolves elsewhere later (rebind)', async () => {
    const answers = ['127.0.0.2', '127.0.0.1'];
    let calls = 0;
    const rebinding: Resolver = async () => [
      { address: answers[calls++] ?? '127.0.0.1', family: 4 },
    ];
    const url = parseImageUri(`http://images.example.test:${upstream.port}/png/pinned`);

    const image = await fetchImage(url, options(rebinding));

    expect(image).toEqual({ contentType: 'image/png', body: PNG });
    expect(calls).toBe(1);
    expect(upstream.hits('/png/pinned')).toBe(1);
    // The name, not the address, goes in the Host header.
    expect(upstream.hosts.at(-1)).toBe(`images.example.test:${upstream.port}`);
  });

  it('refuses a name when any of its addresses is refused', async () => {
    const mixed: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const url = parseImageUri('http://mixed.example.test/a.png');
    await expect(fetchImage(url, options(mixed, publicAddressesOnly))).rejects.toMatchObject({
      kind: 'forbidden',
      message: 'uri: 不允许访问内网地址 10.0.0.7（mixed.example.test 解析为 10.0.0.7）',
    });
  });

  it('refuses a name resolving to an IPv4-mapped loopback address', async () => {
    const mapped: Resolver = async () => [{ address: '::ffff:127.0.0.1', family: 6 }];
    const url = parseImageUri('http://mapped.example.test/a.png');
    await expect(fetchImage(url, options(mapped, publicAddressesOnly))).rejects.toMatchObject({
      kind: 'forbidden',
      message: expect.stringContaining('本机地址 ::ffff:127.0.0.1（即 IPv4 127.0.0.1）') as string,
    });
  });

  it('refuses as the upstream failing when the name does not resolve', async () => {
    const nothing: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const url = parseImageUri('http://nowhere.example.test/a.png');
    await expect(fetchImage(url, options(nothing))).rejects.toMatchObject({
      kind: 'upstream-failed',
      message: '无法解析域名 nowhere.example.test',
    });
  });

  it('counts DNS time against the deadline', async () => {
    const slow: Resolver = () => new Promise(() => undefined);
    const url = parseImageUri('http://slow-dns.example.test/a.png');
    await expect(fetchImage(url, { ...options(slow), timeoutMs: 100 })).rejects.toMatchObject({
      kind: 'upstream-timeout',
      message: '获取图片超时（超过 0.1 秒）',
    });
  });
});
