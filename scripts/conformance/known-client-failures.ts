/**
 * Client scenarios of the installed conformance suite that Switchboard's client fails, each with
 * the reason, keyed by run (`scenario`, or `scenario@2026-07-28` for its run at that revision).
 * `npm run conformance:client` reports them as `KNOWN` and fails when one of them starts passing
 * or is no longer run (the entry is then stale and must go).
 */
export const KNOWN_CLIENT_FAILURES: Readonly<Record<string, string>> = {
  'auth/dpop':
    'DPoP (RFC 9449, SEP-1932 extension): OAuthSessionProvider asks for plain bearer tokens; it neither signs a proof at the token endpoint nor presents DPoP-bound tokens',
  'auth/dpop-nonce':
    'DPoP with server nonces (SEP-1932 extension): as auth/dpop, no DPoP proofs are sent at all',
  'auth/wif-jwt-bearer':
    'workload identity federation (SEP-1933 extension): the client has no provider that exchanges a workload identity JWT (urn:ietf:params:oauth:grant-type:jwt-bearer) for a token',
  ...Object.fromEntries(
    ['no-prefetch', 'verify-digest', 'verify-size', 'verify-frontmatter'].map((name) => [
      `sep-2640-client-${name}`,
      "skills (SEP-2640 extension): McpConnection does not list a server's skills (skills/list) or load and verify their files; a server's guidance reaches models as its recipes, tools, resources and prompts",
    ]),
  ),
};
