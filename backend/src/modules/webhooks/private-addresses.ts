import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach unless WEBHOOK_ALLOW_PRIVATE_HOSTS is on: loopback, private networks, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, "this network" and unspecified, documentation and benchmark
 * ranges, multicast and reserved, unique-local and site-local IPv6, and IPv6 forms that carry an IPv4 address
 * (IPv4-compatible, NAT64). One list for both checks, the one made when an endpoint is saved and the one made when
 * the connection is made, so the two can never disagree.
 */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  // Unspecified, loopback and the deprecated IPv4-compatible form (::127.0.0.1 is written ::7f00:1).
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/**
 * IPv4-mapped IPv6 (::ffff:a.b.c.d, which the URL parser writes ::ffff:7f00:1). Kept apart from PRIVATE: a BlockList
 * compares an IPv4 address with an IPv6 rule through this very form, so the rule there would refuse every IPv4
 * address. Checked for IPv6 addresses only; PRIVATE already refuses a mapped address whose IPv4 address is private,
 * and this refuses the public ones too, a form no webhook receiver needs.
 */
const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/** Whether a webhook may not connect to this address; anything that is not an IP address is refused too. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family === 6) return IPV4_MAPPED.check(address, 'ipv6') || PRIVATE.check(address, 'ipv6');
  return true;
}

/**
 * The URL's host when it is an IP address a webhook may not reach, else null (a name, or a public address). The
 * URL is parsed by the WHATWG parser, which writes every form of an IPv4 address the canonical way (0x7f000001,
 * 2130706433, 0177.0.0.1 and 127.1 are all 127.0.0.1) and IPv6 in brackets, so no spelling slips through. A name
 * is checked when the connection is made, against every address it resolves to.
 */
export function privateLiteralHost(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) && isPrivateAddress(host) ? host : null;
}
