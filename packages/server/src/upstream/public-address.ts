import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * What each of ipaddr.js's special ranges is, as the guard's messages say it. The library
 * classifies an address by the IANA special-purpose registries (RFC 6890 and its successors);
 * every range it names is refused, named here or not (a newer version may add names).
 */
const LIBRARY_RANGES: Readonly<Record<string, string>> = {
  unspecified: 'the unspecified address (0.0.0.0/8, ::)',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address (169.254.0.0/16, fe80::/10; where cloud metadata services answer)',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address (100.64.0.0/10)',
  private: 'a private address (RFC 1918)',
  reserved: 'a reserved address (documentation, benchmarking, IETF protocol assignments or future use)',
  as112: 'an AS112 DNS sink address',
  amt: 'an AMT relay address',
  uniqueLocal: 'a unique local address (fc00::/7)',
  ipv4Mapped: 'an IPv4-mapped IPv6 address (::ffff:0:0/96), which embeds an IPv4 address',
  rfc6145: 'an IPv4-translated IPv6 address (::ffff:0:0:0/96), which embeds an IPv4 address',
  rfc6052: 'a NAT64 address (64:ff9b::/96, 64:ff9b:1::/48), which embeds an IPv4 address',
  '6to4': 'a 6to4 address (2002::/16), which embeds an IPv4 address',
  teredo: 'a Teredo address (2001::/32), which embeds an IPv4 address',
  deprecatedSiteLocal: 'a site-local address (fec0::/10, deprecated)',
  discard: 'a discard-only address (100::/64)',
  benchmarking: 'a benchmarking address',
  as112v6: 'an AS112 DNS sink address',
  deprecatedOrchid: 'an ORCHID address (2001:10::/28, deprecated)',
  orchid2: 'an ORCHIDv2 identifier (2001:20::/28)',
  droneRemoteIdProtocolEntityTags: 'a drone remote ID tag (2001:30::/28)',
  segmentRouting: 'an SRv6 segment identifier (5f00::/16)',
};

/**
 * IPv6 ranges ipaddr.js calls `unicast` that are not public (checked before the rule below, for a
 * message that names them).
 */
const UNICAST_BUT_NOT_PUBLIC: ReadonlyArray<[range: [ipaddr.IPv6, number], what: string]> = [
  [
    ipaddr.IPv6.parseCIDR('::/96'),
    'an IPv4-compatible IPv6 address (::/96, deprecated), which embeds an IPv4 address',
  ],
  [ipaddr.IPv6.parseCIDR('100:0:0:1::/64'), 'a dummy IPv6 prefix address (100:0:0:1::/64, RFC 9780)'],
];

/** The only IPv6 space IANA allocates for global unicast; the rest is reserved or unassigned. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Why an IP address is not one a user's server may be reached at, or `undefined` when it is: a
 * public unicast address. Allowed are only the addresses ipaddr.js classifies as `unicast`, IPv6
 * ones only inside 2000::/3 (global unicast), less {@link UNICAST_BUT_NOT_PUBLIC}. An address that
 * embeds an IPv4 address (IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64, 6to4, Teredo) is
 * refused whatever the IPv4 address is: a public server is reachable at its IPv4 address itself,
 * and judging the embedded one would trust every translator on the way (so a gateway on an
 * IPv6-only network with DNS64 cannot reach IPv4-only servers users register). Anything Node does
 * not read as an IP address (`net.isIP`, no brackets) is refused.
 */
export function whyNotPublicAddress(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  const parsed = ipaddr.parse(family === 6 ? canonicalIpv6(address) : address);
  const range = parsed.range();
  if (range !== 'unicast') return LIBRARY_RANGES[range] ?? `in the special range "${range}"`;
  if (!(parsed instanceof ipaddr.IPv6)) return undefined;
  const found = UNICAST_BUT_NOT_PUBLIC.find(([network]) => parsed.match(network));
  if (found) return found[1];
  if (!parsed.match(GLOBAL_UNICAST))
    return 'outside the global unicast space (2000::/3), so reserved or unassigned';
  return undefined;
}

/**
 * An IPv6 address as the URL standard writes it (hexadecimal only, no zone). ipaddr.js reads the
 * dotted form `::a.b.c.d` (IPv4-compatible, as DNS answers print it) as IPv4-mapped `::ffff:a.b.c.d`;
 * both are refused, but the message should name the right one.
 */
function canonicalIpv6(address: string): string {
  const [unzoned] = address.split('%');
  return new URL(`http://[${unzoned}]`).hostname.slice(1, -1);
}
