import { describe, expect, it } from 'vitest';
import { whyNotPublicAddress } from './public-address.ts';

/**
 * Every range the guard refuses (the IANA IPv4 and IPv6 special-purpose registries, the deprecated
 * and embedding ranges), each with addresses inside it and the nearest public address outside it.
 */
const RANGES: ReadonlyArray<{ range: string; inside: string[]; outside: string; why: RegExp }> = [
  { range: '0.0.0.0/8', inside: ['0.0.0.0', '0.1.2.3'], outside: '1.0.0.1', why: /unspecified/ },
  { range: '10.0.0.0/8', inside: ['10.0.0.1', '10.255.255.254'], outside: '11.0.0.1', why: /RFC 1918/ },
  {
    range: '100.64.0.0/10',
    inside: ['100.64.0.1', '100.127.255.254'],
    outside: '100.128.0.1',
    why: /carrier-grade NAT/,
  },
  { range: '127.0.0.0/8', inside: ['127.0.0.1', '127.255.255.254'], outside: '128.0.0.1', why: /loopback/ },
  { range: '169.254.0.0/16', inside: ['169.254.169.254'], outside: '169.255.0.1', why: /link-local/ },
  {
    range: '172.16.0.0/12',
    inside: ['172.16.0.1', '172.31.255.254'],
    outside: '172.32.0.1',
    why: /RFC 1918/,
  },
  { range: '192.0.0.0/24', inside: ['192.0.0.8', '192.0.0.170'], outside: '192.0.1.1', why: /reserved/ },
  { range: '192.0.2.0/24', inside: ['192.0.2.1'], outside: '192.0.3.1', why: /reserved/ },
  { range: '192.31.196.0/24', inside: ['192.31.196.1'], outside: '192.31.197.1', why: /AS112/ },
  { range: '192.52.193.0/24', inside: ['192.52.193.1'], outside: '192.52.194.1', why: /AMT/ },
  { range: '192.88.99.0/24', inside: ['192.88.99.1'], outside: '192.88.98.1', why: /reserved/ },
  { range: '192.168.0.0/16', inside: ['192.168.1.1'], outside: '192.169.0.1', why: /RFC 1918/ },
  { range: '192.175.48.0/24', inside: ['192.175.48.1'], outside: '192.175.49.1', why: /AS112/ },
  {
    range: '198.18.0.0/15',
    inside: ['198.18.0.1', '198.19.255.254'],
    outside: '198.20.0.1',
    why: /reserved/,
  },
  { range: '198.51.100.0/24', inside: ['198.51.100.1'], outside: '198.51.101.1', why: /reserved/ },
  { range: '203.0.113.0/24', inside: ['203.0.113.1'], outside: '203.0.114.1', why: /reserved/ },
  {
    range: '224.0.0.0/4',
    inside: ['224.0.0.1', '239.255.255.250'],
    outside: '223.255.255.254',
    why: /multicast/,
  },
  {
    range: '240.0.0.0/4',
    inside: ['240.0.0.1', '255.255.255.254'],
    outside: '223.255.255.254',
    why: /reserved/,
  },
  { range: '255.255.255.255/32', inside: ['255.255.255.255'], outside: '223.255.255.254', why: /broadcast/ },
  { range: '::/128', inside: ['::'], outside: '2000::1', why: /unspecified/ },
  { range: '::1/128', inside: ['::1'], outside: '2000::1', why: /loopback/ },
  {
    range: '::/96 (IPv4-compatible, both notations)',
    inside: ['::7f00:1', '::127.0.0.1', '::a9fe:a9fe', '::8.8.8.8'],
    outside: '2000::1',
    why: /IPv4-compatible/,
  },
  {
    range: '::ffff:0:0/96 (IPv4-mapped, both notations)',
    inside: ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '::ffff:8.8.8.8'],
    outside: '2000::1',
    why: /IPv4-mapped/,
  },
  {
    range: '::ffff:0:0:0/96 (IPv4-translated)',
    inside: ['::ffff:0:7f00:1', '::ffff:0:127.0.0.1'],
    outside: '2000::1',
    why: /IPv4-translated/,
  },
  {
    range: '64:ff9b::/96 (NAT64)',
    inside: ['64:ff9b::a9fe:a9fe', '64:ff9b::169.254.169.254', '64:ff9b::808:808'],
    outside: '2000::1',
    why: /NAT64/,
  },
  {
    range: '64:ff9b:1::/48 (local NAT64)',
    inside: ['64:ff9b:1::a9fe:a9fe'],
    outside: '2000::1',
    why: /NAT64/,
  },
  { range: '100::/64 (discard)', inside: ['100::1'], outside: '2000::1', why: /discard/ },
  { range: '100:0:0:1::/64 (dummy)', inside: ['100:0:0:1::1'], outside: '2000::1', why: /dummy/ },
  {
    range: '2001::/32 (Teredo)',
    inside: ['2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001::1'],
    outside: '2001:200::1',
    why: /Teredo/,
  },
  {
    range: '2001::/23 (IETF protocol assignments)',
    inside: ['2001:1::1', '2001:1::2', '2001:4:112::1', '2001:1ff::1'],
    outside: '2001:200::1',
    why: /reserved|AS112/,
  },
  { range: '2001:2::/48 (benchmarking)', inside: ['2001:2::1'], outside: '2001:200::1', why: /benchmarking/ },
  { range: '2001:3::/32 (AMT)', inside: ['2001:3::1'], outside: '2001:200::1', why: /AMT/ },
  { range: '2001:10::/28 (ORCHID)', inside: ['2001:10::1'], outside: '2001:200::1', why: /ORCHID/ },
  { range: '2001:20::/28 (ORCHIDv2)', inside: ['2001:20::1'], outside: '2001:200::1', why: /ORCHIDv2/ },
  { range: '2001:30::/28 (drone remote ID)', inside: ['2001:30::1'], outside: '2001:200::1', why: /drone/ },
  {
    range: '2001:db8::/32 (documentation)',
    inside: ['2001:db8::1'],
    outside: '2001:db9::1',
    why: /reserved/,
  },
  {
    range: '2002::/16 (6to4)',
    inside: ['2002:7f00:1::1', '2002:a9fe:a9fe::1', '2002:808:808::1'],
    outside: '2003::1',
    why: /6to4/,
  },
  {
    range: '2620:4f:8000::/48 (AS112)',
    inside: ['2620:4f:8000::1'],
    outside: '2620:4f:8001::1',
    why: /AS112/,
  },
  {
    range: '3fff::/20 (documentation)',
    inside: ['3fff::1', '3fff:fff::1'],
    outside: '3fff:1000::1',
    why: /reserved/,
  },
  { range: '5f00::/16 (SRv6)', inside: ['5f00::1'], outside: '3fff:1000::1', why: /SRv6/ },
  {
    range: 'fc00::/7 (unique local)',
    inside: ['fc00::1', 'fd00::1'],
    outside: '2000::1',
    why: /unique local/,
  },
  {
    range: 'fe80::/10 (link-local)',
    inside: ['fe80::1', 'fe80::1%eth0'],
    outside: '2000::1',
    why: /link-local/,
  },
  { range: 'fec0::/10 (site-local)', inside: ['fec0::1'], outside: '2000::1', why: /site-local/ },
  { range: 'ff00::/8 (multicast)', inside: ['ff02::1', 'ff05::1:3'], outside: '2000::1', why: /multicast/ },
  {
    range: 'outside 2000::/3 (reserved or unassigned)',
    inside: ['1fff:ffff::1', '4000::1', 'e000::1'],
    outside: '2000::1',
    why: /2000::\/3/,
  },
];

describe('whyNotPublicAddress', () => {
  describe.each(RANGES)('$range', ({ inside, outside, why }) => {
    it.each(inside)('refuses %s, naming why', (address) => {
      expect(whyNotPublicAddress(address)).toMatch(why);
    });

    it(`allows ${outside}, the nearest public address outside it`, () => {
      expect(whyNotPublicAddress(outside)).toBeUndefined();
    });
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '1.1.1.1',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450::1',
  ])('allows the public unicast address %s', (address) => {
    expect(whyNotPublicAddress(address)).toBeUndefined();
  });

  it.each([
    '',
    'localhost',
    '[::1]',
    '127.1',
    '0x7f000001',
    '2130706433',
    '1.2.3.4.5',
    '::ffff::1',
    '8.8.8.8/32',
  ])('refuses %j, which is not an IP address as Node reads one', (input) => {
    expect(whyNotPublicAddress(input)).toBe('not an IP address');
  });
});
