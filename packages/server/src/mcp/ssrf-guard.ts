import { type LookupAddress, lookup } from 'node:dns';
import { lookup as lookupAsync } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import type { McpConnectionOptions } from '@switchboard/core';
import { createNodeFetch } from '@switchboard/core/node';
import { Agent } from 'undici';
import { isPrivateAddress } from './private-address.ts';

type FetchLike = NonNullable<McpConnectionOptions['fetch']>;

/** A URL a user may not register: it reaches a private network, or is not http(s). */
export class ForbiddenUrlError extends Error {
  override name = 'ForbiddenUrlError';
}

const ADVICE =
  'user-registered servers must be on the public internet (an administrator can register it, or allow private networks)';

/**
 * Checks a user-supplied server URL before it is stored: http(s) only, and neither its literal host
 * nor any address its name resolves to may be loopback or private.
 */
export async function checkPublicUrl(raw: string): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ForbiddenUrlError(`${JSON.stringify(raw)} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ForbiddenUrlError(`only http and https server URLs are allowed, not ${url.protocol}`);
  }
  if (url.username || url.password)
    throw new ForbiddenUrlError('server URLs may not carry credentials; use headers');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await resolveAll(host);
  const blocked = addresses.find(isPrivateAddress);
  if (blocked)
    throw new ForbiddenUrlError(
      `${url.host} resolves to ${blocked}, a private or loopback address; ${ADVICE}`,
    );
  return url;
}

async function resolveAll(host: string): Promise<string[]> {
  try {
    return (await lookupAsync(host, { all: true })).map((entry) => entry.address);
  } catch {
    throw new ForbiddenUrlError(`cannot resolve the host ${JSON.stringify(host)}`);
  }
}

/**
 * A DNS lookup that refuses private addresses, so a name that resolved to a public address at
 * registration cannot be re-pointed at the internal network later (DNS rebinding).
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const blocked = addresses.find((entry) => isPrivateAddress(entry.address));
    if (blocked) {
      const refused = Object.assign(
        new ForbiddenUrlError(`${hostname} resolves to ${blocked.address}; ${ADVICE}`),
        {
          code: 'ECONNREFUSED',
        },
      );
      return callback(refused, '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

/**
 * The fetch for connections to user-registered servers: every connection's address is checked
 * (literal hosts here, names in the DNS lookup) and redirects are refused rather than followed.
 */
export function createPublicOnlyFetch(): { fetch: FetchLike; close: () => Promise<void> } {
  const dispatcher = new Agent({ connect: { lookup: publicOnlyLookup } });
  // The pooled Node fetch (undici's request): a fraction of the global fetch's cost per call.
  const send = createNodeFetch({ dispatcher });
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(String(input));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && isPrivateAddress(host))
      throw new ForbiddenUrlError(`${url.host} is a private address; ${ADVICE}`);
    return send(url, { ...init, redirect: 'error' });
  };
  return { fetch, close: () => dispatcher.close() };
}
