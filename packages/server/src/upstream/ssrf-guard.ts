import { type LookupAddress, lookup } from 'node:dns';
import { lookup as lookupAsync } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import type { McpConnectionOptions } from '@switchboard/core';
import { createNodeFetch } from '@switchboard/core/node';
import { Agent, buildConnector } from 'undici';
import { whyNotPublicAddress } from './public-address.ts';

type FetchLike = NonNullable<McpConnectionOptions['fetch']>;

/**
 * A URL the gateway refuses to register or reach for a user: not http(s), or not on the public
 * internet. A `TypeError`, as fetch's network failures are, so that the MCP SDK's OAuth discovery
 * fails with it rather than taking it for a missing document and carrying on without it.
 */
export class ForbiddenUrlError extends TypeError {
  override name = 'ForbiddenUrlError';
}

/** What the SSRF guard lets through besides public addresses. */
export interface SsrfGuardOptions {
  /**
   * Origins (`http://10.0.0.5:8080`, matched exactly) reached without the address check: servers
   * on a private network that the operator vouches for, or a test's server on loopback. Every other
   * origin, another port of the same host included, is checked.
   */
  trustedOrigins?: readonly string[];
}

const ADVICE =
  'user-registered servers, and the OAuth endpoints they name, must be on the public internet (an administrator can register the server, or allow private networks)';

/**
 * Checks a user-supplied server URL before it is stored: http(s) only, no credentials, and neither
 * its literal host nor any address its name resolves to may be other than public unicast (see
 * {@link whyNotPublicAddress}), unless its origin is trusted.
 */
export async function checkPublicUrl(raw: string, options: SsrfGuardOptions = {}): Promise<URL> {
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
  if (options.trustedOrigins?.includes(url.origin)) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const why = whyNotPublicAddress(host);
    if (why) throw new ForbiddenUrlError(`${url.host} is ${why}; ${ADVICE}`);
    return url;
  }
  for (const address of await resolveAll(host)) {
    const why = whyNotPublicAddress(address);
    if (why) throw new ForbiddenUrlError(`${url.host} resolves to ${address}, ${why}; ${ADVICE}`);
  }
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
 * The fetch for everything the gateway sends for a user-registered server: its MCP requests and
 * every OAuth request its documents steer (protected-resource and authorization-server metadata,
 * registration, token and revocation endpoints). The check is made when a connection opens, on the
 * address it opens to (a literal host, or each address the DNS answers for a name), so a name
 * re-pointed at the internal network after registration (DNS rebinding) is refused too. Redirects
 * are never followed here: refused, or handed to a caller that asks for them by hand. A refusal rejects with a {@link ForbiddenUrlError} naming the
 * URL and why.
 */
export function createPublicOnlyFetch(options: SsrfGuardOptions = {}): {
  fetch: FetchLike;
  close: () => Promise<void>;
} {
  const dispatcher = new Agent({ connect: publicOnlyConnector(new Set(options.trustedOrigins)) });
  // The pooled Node fetch (undici's request): a fraction of the global fetch's cost per call.
  const send = createNodeFetch({ dispatcher });
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(String(input));
    try {
      // A caller asking for redirects by hand (the MCP SDK) sees them; the next hop is a request of its own, checked again.
      return await send(url, { ...init, redirect: init?.redirect === 'manual' ? 'manual' : 'error' });
    } catch (error) {
      const refusal = refusalIn(error);
      if (!refusal) throw error;
      throw new ForbiddenUrlError(`refused to reach ${url.origin}${url.pathname}: ${refusal.message}`);
    }
  };
  return { fetch, close: () => dispatcher.close() };
}

/** Opens connections to trusted origins as asked, to other literal addresses only when public, to names through {@link publicOnlyLookup}. */
function publicOnlyConnector(trustedOrigins: ReadonlySet<string>): buildConnector.connector {
  const guarded = buildConnector({ lookup: publicOnlyLookup });
  const trusted = buildConnector({});
  return (options, callback) => {
    if (trustedOrigins.has(originOf(options))) return trusted(options, callback);
    const why = isIP(options.hostname) ? whyNotPublicAddress(options.hostname) : undefined;
    if (why) return callback(new ForbiddenUrlError(`${options.hostname} is ${why}; ${ADVICE}`), null);
    return guarded(options, callback);
  };
}

/** The origin a connection is opened for (`hostname` is unbracketed, `host` carries the port). */
function originOf(options: buildConnector.Options): string {
  const host = isIP(options.hostname) === 6 ? `[${options.hostname}]` : options.hostname;
  return new URL(`${options.protocol}//${host}${options.port ? `:${options.port}` : ''}`).origin;
}

/** A DNS lookup that fails when any address the name resolves to is not public. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    for (const entry of addresses) {
      const why = whyNotPublicAddress(entry.address);
      if (why)
        return callback(
          new ForbiddenUrlError(`${hostname} resolves to ${entry.address}, ${why}; ${ADVICE}`),
          '',
          0,
        );
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

/** The guard's refusal behind a failed fetch (`TypeError('fetch failed')` with causes), if that is why it failed. */
function refusalIn(error: unknown): ForbiddenUrlError | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof ForbiddenUrlError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
