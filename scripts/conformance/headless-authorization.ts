import type { OAuthClientInformationMixed } from '@modelcontextprotocol/client';
import { type McpAuthorization, OAuthSessionProvider } from '@switchboard/core';

/** The redirect URI the conformance client registers (nothing listens there: the code is read from the redirect). */
const REDIRECT_URL = 'http://127.0.0.1:3000/callback';
/** The Client ID Metadata Document URL the suite's `auth/basic-cimd` server expects as the client id. */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

/**
 * Authorization without a person: the suite's authorization server approves at once, so
 * "opening" the authorization page is one request whose redirect carries the code. The
 * flow itself (discovery, registration, PKCE, token exchange, refresh, step-up, DPoP with
 * `dpop`) is the product's: `OAuthSessionProvider` with the SDK behind `McpConnection`.
 */
export function headlessAuthorization(
  preRegistered?: OAuthClientInformationMixed,
  options: { dpop?: boolean } = {},
): McpAuthorization {
  let pending: Promise<URLSearchParams> | undefined;
  const provider = new OAuthSessionProvider({
    redirectUrl: REDIRECT_URL,
    clientMetadata: {
      client_name: 'Switchboard conformance client',
      redirect_uris: [REDIRECT_URL],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    clientMetadataUrl: CLIENT_METADATA_URL,
    preRegistered,
    dpop: options.dpop,
    openAuthorizationPage: (url) => {
      pending = approve(url);
    },
  });
  return {
    provider,
    awaitCallback: async () => {
      if (!pending) throw new Error('the authorization page was never opened');
      return pending;
    },
  };
}

async function approve(url: URL): Promise<URLSearchParams> {
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (!location) throw new Error(`the authorization page did not redirect back (HTTP ${response.status})`);
  return new URL(location).searchParams;
}
