import type { OAuthMetadata } from '@modelcontextprotocol/client';

/** An authorization server's metadata, with the key set that signs its access tokens. */
export type SigningAuthorizationServer = OAuthMetadata & { jwks_uri: string };

/** How long fetching an authorization server's metadata may take, by default. */
export const AUTHORIZATION_SERVER_TIMEOUT_MS = 5_000;

/**
 * The metadata of the authorization server `issuer`, fetched on first use and kept; a failed
 * fetch is tried again on the next call (the server may start after this one). Looks at the
 * RFC 8414 location first, then OpenID discovery's, and accepts a document only when it names
 * the same issuer (RFC 8414 §3.3) and publishes a `jwks_uri`. A server that does not answer
 * within `timeoutMs` (default {@link AUTHORIZATION_SERVER_TIMEOUT_MS}) fails the fetch, so a
 * hanging server cannot hold every caller.
 */
export function authorizationServerMetadata(
  issuer: string,
  timeoutMs = AUTHORIZATION_SERVER_TIMEOUT_MS,
): () => Promise<SigningAuthorizationServer> {
  let pending: Promise<SigningAuthorizationServer> | undefined;
  return () => {
    pending ??= fetchMetadata(issuer, AbortSignal.timeout(timeoutMs)).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

async function fetchMetadata(issuer: string, signal: AbortSignal): Promise<SigningAuthorizationServer> {
  const problems: string[] = [];
  for (const url of metadataUrls(issuer)) {
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal });
    if (!response.ok) {
      problems.push(`${url}: HTTP ${response.status}`);
      continue;
    }
    const metadata = (await response.json()) as Partial<SigningAuthorizationServer>;
    if (metadata.issuer !== issuer) {
      throw new Error(`${url} names the issuer ${JSON.stringify(metadata.issuer)}, not ${issuer}`);
    }
    if (typeof metadata.jwks_uri !== 'string') throw new Error(`${url} publishes no jwks_uri`);
    return metadata as SigningAuthorizationServer;
  }
  throw new Error(`No authorization server metadata for ${issuer} (${problems.join('; ')})`);
}

/** RFC 8414 inserts the well-known segment before the issuer's path; OpenID discovery appends it. */
function metadataUrls(issuer: string): URL[] {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return [
    new URL(`/.well-known/oauth-authorization-server${path}`, url.origin),
    new URL(`${path}/.well-known/openid-configuration`, url.origin),
  ];
}
