import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which part of the address space an IP address belongs to. Only `public` may be fetched by the
 * image proxy in production; everything else is the server's own network, or nobody's.
 */
export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'unique-local'
  | 'link-local'
  | 'metadata'
  | 'unspecified'
  | 'cgnat'
  | 'multicast'
  | 'reserved'
  | 'invalid';

export interface AddressClass {
  kind: AddressKind;
  /** The IPv4 address an IPv6 address carries (mapped, NAT64, 6to4), which decided the kind. */
  embedded?: string;
}

const KIND_LABELS: Record<AddressKind, string> = {
  public: '公网地址',
  loopback: '本机地址',
  private: '内网地址',
  'unique-local': '内网地址（IPv6 唯一本地）',
  'link-local': '链路本地地址',
  metadata: '云服务器元数据地址',
  unspecified: '未指定地址',
  cgnat: '运营商级内网地址（CGNAT）',
  multicast: '组播地址',
  reserved: '保留地址',
  invalid: '无效地址',
};

// First match wins, so the single addresses come before the ranges holding them.
const IPV4_RULES: [string, AddressKind][] = [
  ['169.254.169.254/32', 'metadata'], // AWS, GCP, Azure, Tencent Cloud, ...
  ['100.100.100.200/32', 'metadata'], // Alibaba Cloud
  ['0.0.0.0/32', 'unspecified'],
  ['0.0.0.0/8', 'reserved'], // "this network": connecting to 0.x reaches this host on Linux
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'cgnat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'reserved'], // documentation
  ['192.88.99.0/24', 'reserved'], // 6to4 relay anycast
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'reserved'], // benchmarking
  ['198.51.100.0/24', 'reserved'], // documentation
  ['203.0.113.0/24', 'reserved'], // documentation
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'], // future use, and 255.255.255.255 broadcast
];

type V6Rule = [string, AddressKind | { embeddedAt: number }];

const IPV6_RULES: V6Rule[] = [
  ['fd00:ec2::254/128', 'metadata'], // AWS over IPv6
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['::ffff:0:0/96', { embeddedAt: 96 }], // IPv4-mapped: ::ffff:127.0.0.1 is 127.0.0.1
  ['64:ff9b::/96', { embeddedAt: 96 }], // NAT64 well-known prefix
  ['2002::/16', { embeddedAt: 16 }], // 6to4
  ['::/96', 'reserved'], // IPv4-compatible (deprecated)
  ['64:ff9b:1::/48', 'reserved'], // local-use NAT64
  ['100::/64', 'reserved'], // discard
  ['2001::/23', 'reserved'], // IETF protocol assignments, Teredo
  ['2001:db8::/32', 'reserved'], // documentation
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'private'], // site-local (deprecated)
  ['ff00::/8', 'multicast'],
];

/** The one range of global unicast IPv6; anything outside it that no rule named is reserved. */
const IPV6_GLOBAL = '2000::/3';

function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function numberToIpv4(n: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
}

function ipv6ToBigInt(address: string): bigint {
  let text = address.toLowerCase();
  // A dotted IPv4 tail (::ffff:127.0.0.1) becomes two hextets.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const n = ipv4ToNumber(tail[1]!);
    text = `${text.slice(0, tail.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const missing = rest === undefined ? 0 : 8 - left.length - right.length;
  const words = [...left, ...Array<string>(missing).fill('0'), ...right];
  return words.reduce((n, word) => (n << 16n) | BigInt(parseInt(word, 16)), 0n);
}

function inIpv4Range(n: number, cidr: string): boolean {
  const [base, bits] = cidr.split('/') as [string, string];
  const size = 2 ** (32 - Number(bits));
  return Math.floor(n / size) === Math.floor(ipv4ToNumber(base) / size);
}

function inIpv6Range(n: bigint, cidr: string): boolean {
  const [base, bits] = cidr.split('/') as [string, string];
  const shift = BigInt(128 - Number(bits));
  return n >> shift === ipv6ToBigInt(base) >> shift;
}

function classifyIpv4(address: string): AddressKind {
  const n = ipv4ToNumber(address);
  return IPV4_RULES.find(([cidr]) => inIpv4Range(n, cidr))?.[1] ?? 'public';
}

/**
 * Classifies a literal IP address (IPv4 dotted quad or IPv6, as DNS and the URL parser give
 * them; an IPv6 zone suffix `%eth0` is ignored). Anything else is `invalid`.
 */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(bare)) return { kind: classifyIpv4(bare) };
  if (!isIPv6(bare)) return { kind: 'invalid' };
  const n = ipv6ToBigInt(bare);
  for (const [cidr, rule] of IPV6_RULES) {
    if (!inIpv6Range(n, cidr)) continue;
    if (typeof rule === 'string') return { kind: rule };
    const embedded = numberToIpv4(Number((n >> BigInt(96 - rule.embeddedAt)) & 0xffffffffn));
    return { kind: classifyIpv4(embedded), embedded };
  }
  return { kind: inIpv6Range(n, IPV6_GLOBAL) ? 'public' : 'reserved' };
}

/** Why an address may not be fetched, in words for the answer: `内网地址 10.0.0.1`. */
export interface Refusal {
  kind: AddressKind;
  description: string;
}

/** Decides whether the proxy may connect to an address: undefined to allow, else why not. */
export type AddressPolicy = (address: string) => Refusal | undefined;

/** Describes an address for a message: its kind's label, the address, and what it embeds. */
export function describeAddress(address: string, found = classifyAddress(address)): string {
  const via = found.embedded ? `（即 IPv4 ${found.embedded}）` : '';
  return `${KIND_LABELS[found.kind]} ${address}${via}`;
}

/** The production policy: public unicast addresses only. */
export const publicAddressesOnly: AddressPolicy = (address) => {
  const found = classifyAddress(address);
  if (found.kind === 'public') return undefined;
  return { kind: found.kind, description: describeAddress(address, found) };
};

/** Whether an address lies in a network (`10.0.0.0/8`, `fd00::/8`, or one address). */
function inNetwork(address: string, cidr: string): boolean {
  const [base = '', bits] = cidr.split('/');
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(base)) return isIPv4(bare) && inIpv4Range(ipv4ToNumber(bare), `${base}/${bits ?? 32}`);
  return isIPv6(bare) && inIpv6Range(ipv6ToBigInt(bare), `${base}/${bits ?? 128}`);
}

/**
 * The production policy, plus networks an operator opened on purpose (ALERT_ALLOWED_NETWORKS: a
 * mail relay or chat server of the company's own network).
 */
export function allowingNetworks(
  networks: readonly string[],
  base: AddressPolicy = publicAddressesOnly,
): AddressPolicy {
  return (address) =>
    networks.some((network) => inNetwork(address, network)) ? undefined : base(address);
}

/**
 * For tests only: the production policy, plus the listed addresses (a local upstream server on,
 * say, 127.0.0.2), so that a redirect to 127.0.0.1 is still refused as production would.
 */
export function allowingAddresses(
  allowed: readonly string[],
  base: AddressPolicy = publicAddressesOnly,
): AddressPolicy {
  const set = new Set(allowed);
  return (address) => (set.has(address) ? undefined : base(address));
}
