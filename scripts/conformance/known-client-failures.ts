/**
 * Client scenarios of the installed conformance suite that Switchboard's client fails on
 * purpose, each with the reason. `npm run conformance:client` reports them as `KNOWN` and
 * fails when one of them starts passing (the entry is then stale and must go).
 */
export const KNOWN_CLIENT_FAILURES: Readonly<Record<string, string>> = {
  'auth/2025-03-26-oauth-metadata-backcompat':
    "the scenario's authorization server publishes metadata whose `issuer` (…/oauth) differs from the URL it is served for (the server's origin); the MCP SDK refuses such metadata (RFC 8414 §3.3, the defense against authorization-server mix-up), and we keep that check rather than turn it off for every server",
};
