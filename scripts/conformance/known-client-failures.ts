/**
 * Client scenarios of the installed conformance suite that Switchboard's client fails, each with
 * the reason, keyed by run (`scenario`, or `scenario@2026-07-28` for its run at that revision).
 * `npm run conformance:client` reports them as `KNOWN` and fails when one of them starts passing
 * or is no longer run (the entry is then stale and must go).
 */
export const KNOWN_CLIENT_FAILURES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    ['no-prefetch', 'verify-digest', 'verify-size', 'verify-frontmatter'].map((name) => [
      `sep-2640-client-${name}`,
      "skills (SEP-2640 extension): McpConnection does not list a server's skills (skills/list) or load and verify their files; a server's guidance reaches models as its recipes, tools, resources and prompts",
    ]),
  ),
};
