/**
 * Server scenarios of the installed conformance suite that the gateway's `/mcp` fails, each with the
 * reason, keyed by run (`scenario`, or `scenario@2026-07-28` for its run at that revision).
 * `npm run conformance:server` reports them as `KNOWN` and fails when one of them starts passing
 * or is no longer run (the entry is then stale and must go).
 */
export const KNOWN_GATEWAY_FAILURES: Readonly<Record<string, string>> = Object.fromEntries(
  [
    'lifecycle',
    'capability-negotiation',
    'wire-fields',
    'request-state-removal',
    'mrtr-input',
    'request-headers',
    'dispatch-and-envelope',
    'status-notifications',
    'required-task-error',
    'mrtr-composition',
  ].map((name) => [
    `tasks-${name}`,
    'the tasks extension (SEP-2663) is not served by /mcp yet: a call runs to its end within the request, no CreateTaskResult, no tasks/get, tasks/update or tasks/cancel',
  ]),
);
