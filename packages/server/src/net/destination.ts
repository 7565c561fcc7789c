import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { publicAddressesOnly, type AddressPolicy, type Refusal } from './address.js';

/** Resolves a host name to every address it has (the system resolver, or a test's). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Where the server may connect on a user's behalf (an image to proxy, an alert channel): which
 * addresses, found by which resolver. Tests allow their local servers through `policy`.
 */
export interface Destinations {
  policy: AddressPolicy;
  resolve: Resolver;
}

export const PUBLIC_DESTINATIONS: Destinations = {
  policy: publicAddressesOnly,
  resolve: systemResolver,
};

export type DestinationCheck =
  { allowed: true; address: LookupAddress } | { allowed: false; reason: string };

/**
 * Resolves a host (unless it is a literal IP) and checks every address it has: a name with one
 * public and one private address is refused, since the next look-up may pick either. Answers the
 * address to connect to, or why not (`不允许访问内网地址 10.0.0.1（hooks.example.com 解析为
 * 10.0.0.1）`). A name without addresses throws ENOTFOUND, as the resolver's own errors do.
 */
export async function checkDestination(
  hostname: string,
  { policy, resolve }: Destinations,
): Promise<DestinationCheck> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await resolve(host);
  if (addresses.length === 0) {
    throw Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' });
  }
  for (const { address } of addresses) {
    const refusal: Refusal | undefined = policy(address);
    if (refusal) {
      const named = family ? '' : `（${host} 解析为 ${address}）`;
      return { allowed: false, reason: `不允许访问${refusal.description}${named}` };
    }
  }
  return { allowed: true, address: addresses[0]! };
}

/**
 * A `lookup` for http.request that answers the checked address whatever the name resolves to by
 * now, so a DNS rebind between the check and the connect changes nothing. The host name still
 * goes in the Host header and TLS SNI, and certificates are checked against it.
 */
export function pinnedLookup(pinned: LookupAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, [pinned]);
    } else {
      callback(null, pinned.address, pinned.family);
    }
  };
}
