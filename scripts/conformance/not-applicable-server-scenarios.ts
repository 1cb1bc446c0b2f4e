/**
 * Server scenarios of the MCP conformance suite that do not apply to the servers we ship, each with
 * the reason. Most exercise the suite's own test fixtures (tools, resources and prompts named
 * `test_*` or `test://…`) that only a server written for the suite has; the others test features
 * our servers deliberately do not offer. Every other scenario of `conformance list --server` runs.
 */
export const NOT_APPLICABLE_SERVER_SCENARIOS: Readonly<Record<string, string>> = {
  'server-session-lifecycle':
    'ends a session (DELETE with Mcp-Session-Id); our servers serve stateless HTTP (a server per request) and issue no session, so the suite skips every check',
  'logging-set-level':
    'our servers send no log notifications, so they declare no logging capability (deprecated in protocol 2026-07-28, SEP-2577)',
  'completion-complete':
    "completes the suite's prompt test_prompt_with_arguments; our servers' prompts (their recipes) take no arguments, so they offer no completions",
  'tools-call-simple-text': "calls the suite's tool test_simple_text",
  'tools-call-image': "calls the suite's tool test_image_content",
  'tools-call-audio': "calls the suite's tool test_audio_content",
  'tools-call-embedded-resource': "calls the suite's tool test_embedded_resource",
  'tools-call-mixed-content': "calls the suite's tool test_multiple_content_types",
  'tools-call-with-logging': "calls the suite's tool test_tool_with_logging",
  'tools-call-error': "calls the suite's tool test_error_handling",
  'tools-call-with-progress': "calls the suite's tool test_tool_with_progress",
  'tools-call-sampling': "calls the suite's tool test_sampling",
  'tools-call-elicitation': "calls the suite's tool test_elicitation",
  'json-schema-2020-12': "lists the suite's tool json_schema_2020_12_tool",
  'elicitation-sep1034-defaults': "calls the suite's tool test_elicitation_sep1034_defaults",
  'elicitation-sep1330-enums': "calls the suite's tool test_elicitation_sep1330_enums",
  'server-sse-polling': "calls the suite's tool test_reconnection",
  'server-sse-multiple-streams':
    'needs an Mcp-Session-Id; our servers serve stateless HTTP (a server per request), so the suite stops at a warning',
  'resources-read-text': "reads the suite's resource test://static-text",
  'resources-read-binary': "reads the suite's resource test://static-binary",
  'resources-templates-read': "reads the suite's template resource test://template/123/data",
  'resources-subscribe':
    "subscribes to the suite's resource test://watched-resource; our servers offer no subscriptions",
  'resources-unsubscribe':
    "unsubscribes from the suite's resource test://watched-resource; our servers offer no subscriptions",
  'prompts-get-simple': "gets the suite's prompt test_simple_prompt",
  'prompts-get-with-args': "gets the suite's prompt test_prompt_with_arguments",
  'prompts-get-embedded-resource': "gets the suite's prompt test_prompt_with_embedded_resource",
  'prompts-get-with-image': "gets the suite's prompt test_prompt_with_image",
  'http-custom-header-server-validation':
    'needs a tool with an x-mcp-header parameter (SEP-2243); none of our tools has an argument a proxy would route on, so the suite can test nothing',
  ...Object.fromEntries(
    [
      'basic-elicitation',
      'basic-sampling',
      'basic-list-roots',
      'request-state',
      'multiple-input-requests',
      'multi-round',
      'missing-input-response',
      'result-type',
      'tampered-state',
      'capability-check',
      'ignore-extra-params',
      'validate-input',
    ].map((name) => [
      `input-required-result-${name}`,
      "calls the suite's test_input_required_result_* tools; our servers ask their users nothing (no elicitation, sampling or roots)",
    ]),
  ),
  'input-required-result-non-tool-request':
    "gets the suite's prompt test_input_required_result_prompt; our servers' prompts ask for no input",
  ...Object.fromEntries(
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
      "the tasks extension (SEP-2663), with the suite's task tools (greet, slow_compute, confirm_delete, failing_job); our servers' tools finish within the request, so they do not offer the extension",
    ]),
  ),
  ...Object.fromEntries(
    ['directory', 'enumeration', 'manifest'].map((name) => [
      `sep-2640-skills-${name}`,
      'the skills extension (SEP-2640); our servers offer their guidance as recipes (tools, resources and prompts), not as skills, so the suite skips every check',
    ]),
  ),
};

/**
 * Checks of otherwise applicable scenarios that cannot pass on the servers we ship, by scenario and
 * check id, each with the reason: the scenario runs, and only these checks' failures are excused.
 */
export const NOT_APPLICABLE_SERVER_CHECKS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'server-stateless': {
    'sep-2575-server-rejects-undeclared-capability':
      "needs the suite's diagnostic tool test_missing_capability; none of our tools needs a client capability",
    'sep-2575-missing-capability-http-400':
      "needs the suite's diagnostic tool test_missing_capability (the HTTP status of its -32021)",
    'sep-2575-http-server-no-independent-requests-on-stream':
      "needs the suite's diagnostic tool test_streaming_elicitation",
    'sep-2575-server-no-log-without-loglevel':
      "needs the suite's diagnostic tool test_logging_tool; our servers send no log messages",
    'sep-2575-server-sends-tools-list-changed-on-subscription':
      "needs the suite's trigger tool test_trigger_tool_change; our servers' tool lists do not change while they run",
    'sep-2575-server-sends-prompts-list-changed-on-subscription':
      "needs the suite's trigger tool test_trigger_prompt_change; our servers' prompts (their recipes) do not change while they run",
  },
};

/**
 * Server scenarios that do not apply to the gateway's `/mcp` endpoint, each with the reason. The
 * endpoint aggregates the shipped servers and the suite's fixtures (a server named `test`, whose
 * tool `simple_text` is the endpoint's `test_simple_text`, and one named `json`), so every
 * scenario about tools, resources, prompts, logging, progress, elicitation, sampling, roots,
 * input rounds and headers runs through it.
 */
export const NOT_APPLICABLE_GATEWAY_SCENARIOS: Readonly<Record<string, string>> = {
  'server-sse-polling':
    "calls the suite's tool test_reconnection (a pending scenario) on a stream the suite closes itself",
  'dns-rebinding-protection':
    'applies to servers without authentication; with an API key it runs against the open (key-less, loopback) gateway instead',
  'tasks-required-task-error':
    "needs a tool that runs only as a task (the suite's failing_job): the gateway can make any call a task, and calls a tool synchronously for a client without the extension, since no server tells it of a tool that cannot run otherwise (2026-07-28 tool listings carry no task support)",
  'tasks-status-notifications':
    'the suite skips every check (its harness is to be rewritten for task notifications on subscriptions/listen streams)',
  ...Object.fromEntries(
    ['directory', 'enumeration', 'manifest'].map((name) => [
      `sep-2640-skills-${name}`,
      'the skills extension (SEP-2640) of one server; the gateway aggregates many and offers none of its own, so the suite skips every check',
    ]),
  ),
};

/** Checks of otherwise applicable scenarios that cannot pass on the gateway's `/mcp`, each with the reason. */
export const NOT_APPLICABLE_GATEWAY_CHECKS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'tasks-request-headers': {
    'tasks-headers-tolerate-mcp-method-on-tools-call':
      "calls the suite's tool greet, a name without a server: every /mcp tool is named {server}_{tool}",
  },
};
