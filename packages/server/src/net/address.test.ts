import { describe, expect, it } from 'vitest';
import {
  allowingAddresses,
  allowingNetworks,
  classifyAddress,
  publicAddressesOnly,
  type AddressKind,
} from './address.js';
import { parseImageUri } from '../proxy/fetch-image.js';

const TABLE: [string, AddressKind, string?][] = [
  // IPv4 public
  ['8.8.8.8', 'public'],
  ['1.1.1.1', 'public'],
  ['93.184.216.34', 'public'],
  ['223.5.5.5', 'public'],
  ['9.255.255.255', 'public'],
  ['11.0.0.0', 'public'],
  ['100.63.255.255', 'public'],
  ['100.128.0.0', 'public'],
  ['126.255.255.255', 'public'],
  ['128.0.0.0', 'public'],
  ['169.253.255.255', 'public'],
  ['169.255.0.0', 'public'],
  ['172.15.255.255', 'public'],
  ['172.32.0.0', 'public'],
  ['192.167.255.255', 'public'],
  ['192.169.0.0', 'public'],
  ['198.17.255.255', 'public'],
  ['198.20.0.0', 'public'],
  ['223.255.255.255', 'public'],
  // IPv4 loopback, private, link-local, metadata
  ['127.0.0.1', 'loopback'],
  ['127.0.0.2', 'loopback'],
  ['127.255.255.255', 'loopback'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.0.1', 'private'],
  ['192.168.255.255', 'private'],
  ['169.254.0.1', 'link-local'],
  ['169.254.0.23', 'link-local'],
  ['169.254.169.254', 'metadata'],
  ['100.100.100.200', 'metadata'],
  // IPv4 unspecified, CGNAT, multicast, reserved
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'reserved'],
  ['100.64.0.1', 'cgnat'],
  ['100.127.255.255', 'cgnat'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'reserved'],
  ['192.0.0.8', 'reserved'],
  ['192.0.2.1', 'reserved'],
  ['192.88.99.1', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['198.19.255.255', 'reserved'],
  ['198.51.100.7', 'reserved'],
  ['203.0.113.9', 'reserved'],
  // IPv6 public
  ['2001:4860:4860::8888', 'public'],
  ['2606:4700:4700::1111', 'public'],
  ['2400:3200::1', 'public'],
  ['2a00:1450:4001:82a::200e', 'public'],
  // IPv6 special
  ['::', 'unspecified'],
  ['0:0:0:0:0:0:0:0', 'unspecified'],
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['[::1]', 'loopback'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf:ffff::1', 'link-local'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456:789a::1', 'unique-local'],
  ['fd00:ec2::254', 'metadata'],
  ['fec0::1', 'private'],
  ['ff02::1', 'multicast'],
  ['ff05::2', 'multicast'],
  ['2001:db8::1', 'reserved'],
  ['2001::1', 'reserved'],
  ['100::1', 'reserved'],
  ['64:ff9b:1::1', 'reserved'],
  ['::127.0.0.1', 'reserved'],
  ['::8.8.8.8', 'reserved'],
  ['3fff::1', 'public'],
  ['4000::1', 'reserved'],
  ['1::1', 'reserved'],
  ['::ffff:0:0:1', 'reserved'],
  // IPv4 inside IPv6: mapped, NAT64, 6to4 take the embedded address's kind
  ['::ffff:127.0.0.1', 'loopback', '127.0.0.1'],
  ['::ffff:7f00:1', 'loopback', '127.0.0.1'],
  ['::FFFF:7F00:0001', 'loopback', '127.0.0.1'],
  ['0:0:0:0:0:ffff:10.0.0.1', 'private', '10.0.0.1'],
  ['::ffff:169.254.169.254', 'metadata', '169.254.169.254'],
  ['::ffff:0.0.0.0', 'unspecified', '0.0.0.0'],
  ['::ffff:8.8.8.8', 'public', '8.8.8.8'],
  ['64:ff9b::7f00:1', 'loopback', '127.0.0.1'],
  ['64:ff9b::a00:1', 'private', '10.0.0.1'],
  ['64:ff9b::808:808', 'public', '8.8.8.8'],
  ['2002:7f00:1::', 'loopback', '127.0.0.1'],
  ['2002:c0a8:101::1', 'private', '192.168.1.1'],
  ['2002:808:808::1', 'public', '8.8.8.8'],
  // not addresses
  ['localhost', 'invalid'],
  ['2130706433', 'invalid'],
  ['0177.0.0.1', 'invalid'],
  ['', 'invalid'],
  ['1.2.3', 'invalid'],
  ['::ffff::1', 'invalid'],
];

describe('classifyAddress', () => {
  it.each(TABLE)('%s is %s', (address, kind, embedded) => {
    const found = classifyAddress(address);
    expect(found.kind).toBe(kind);
    expect(found.embedded).toBe(embedded);
  });

  it('the production policy allows public addresses only and says why it refuses', () => {
    for (const [address, kind] of TABLE) {
      expect(publicAddressesOnly(address)?.kind).toBe(kind === 'public' ? undefined : kind);
    }
    expect(publicAddressesOnly('10.0.0.1')?.description).toBe('内网地址 10.0.0.1');
    expect(publicAddressesOnly('::ffff:7f00:1')?.description).toBe(
      '本机地址 ::ffff:7f00:1（即 IPv4 127.0.0.1）',
    );
    expect(publicAddressesOnly('169.254.169.254')?.description).toBe(
      '云服务器元数据地址 169.254.169.254',
    );
  });

  it("an operator's networks are allowed on top of production, nothing beside them", () => {
    const policy = allowingNetworks(['10.0.0.25', '192.168.10.0/24', 'fd00:1::/32']);
    expect(policy('10.0.0.25')).toBeUndefined();
    expect(policy('10.0.0.26')?.kind).toBe('private');
    expect(policy('192.168.10.200')).toBeUndefined();
    expect(policy('192.168.11.1')?.kind).toBe('private');
    expect(policy('fd00:1::9')).toBeUndefined();
    expect(policy('fd00:2::9')?.kind).toBe('unique-local');
    expect(policy('127.0.0.1')?.kind).toBe('loopback');
    expect(policy('8.8.8.8')).toBeUndefined();
  });

  it('the test policy allows only the listed addresses on top of production', () => {
    const policy = allowingAddresses(['127.0.0.2']);
    expect(policy('127.0.0.2')).toBeUndefined();
    expect(policy('8.8.8.8')).toBeUndefined();
    expect(policy('127.0.0.1')?.kind).toBe('loopback');
    expect(policy('::ffff:127.0.0.2')?.kind).toBe('loopback');
  });
});

describe('parseImageUri', () => {
  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0x7f.0.0.1/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://0x7F.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://017700000001/', '127.0.0.1'],
    ['http://①②⑦.0.0.1/', '127.0.0.1'],
    ['http://127。0。0。1/', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', '[::ffff:7f00:1]'],
    ['HTTPS://Example.COM/a.png', 'example.com'],
  ])('turns the host of %s into %s before it is checked', (uri, host) => {
    const url = parseImageUri(uri);
    expect(url.hostname).toBe(host);
  });

  it.each([
    ['file:///etc/passwd', 'uri: 只允许 http 或 https 地址（收到 file:）'],
    ['gopher://127.0.0.1:6379/_INFO', 'uri: 只允许 http 或 https 地址（收到 gopher:）'],
    ['ftp://example.com/a.png', 'uri: 只允许 http 或 https 地址（收到 ftp:）'],
    ['javascript:alert(1)', 'uri: 只允许 http 或 https 地址（收到 javascript:）'],
    ['data:image/png;base64,AAAA', 'uri: 只允许 http 或 https 地址（收到 data:）'],
    ['not a url', 'uri: 不是有效的网址'],
    ['/relative/a.png', 'uri: 不是有效的网址'],
    ['http://user:secret@example.com/a.png', 'uri: 不允许包含用户名或密码'],
  ])('refuses %s as invalid input', (uri, message) => {
    expect(() => parseImageUri(uri)).toThrow(
      expect.objectContaining({ kind: 'invalid', message }) as Error,
    );
  });
});
