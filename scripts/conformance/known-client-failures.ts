/**
 * Client scenarios of the installed conformance suite that Switchboard's client fails, each with
 * the reason, keyed by run (`scenario`, or `scenario@2026-07-28` for its run at that revision).
 * `npm run conformance:client` reports them as `KNOWN` and fails when one of them starts passing
 * or is no longer run (the entry is then stale and must go).
 */
export const KNOWN_CLIENT_FAILURES: Readonly<Record<string, string>> = {};
