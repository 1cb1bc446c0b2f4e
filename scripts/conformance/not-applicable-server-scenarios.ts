/**
 * Server scenarios of the MCP conformance suite that do not apply to the servers we ship, each with
 * the reason. Most exercise the suite's own test fixtures (tools, resources and prompts named
 * `test_*` or `test://…`) that only a server written for the suite has; the others test features
 * our servers deliberately do not offer. Every other scenario of `conformance list --server` runs.
 */
export const NOT_APPLICABLE_SERVER_SCENARIOS: Readonly<Record<string, string>> = {
  'logging-set-level':
    'our servers send no log notifications, so they declare no logging capability (deprecated in protocol 2026-07-28, SEP-2577)',
  'completion-complete':
    "completes the suite's prompt test_prompt_with_arguments; our servers offer no prompts and no completions",
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
  'json-schema-2020-12': "lists the suite's tool json_schema_2020_12_tool (a pending scenario)",
  'elicitation-sep1034-defaults': "calls the suite's tool test_elicitation_sep1034_defaults",
  'elicitation-sep1330-enums': "calls the suite's tool test_elicitation_sep1330_enums",
  'server-sse-polling': "calls the suite's tool test_reconnection (a pending scenario)",
  'server-sse-multiple-streams':
    'needs an Mcp-Session-Id; our servers serve stateless HTTP (a server per request), so the suite stops at a warning',
  'resources-read-text': "reads the suite's resource test://static-text",
  'resources-read-binary': "reads the suite's resource test://static-binary",
  'resources-templates-read': "reads the suite's template resource test://template/123/data",
  'resources-subscribe':
    "subscribes to the suite's resource test://watched-resource; our servers offer no subscriptions",
  'resources-unsubscribe':
    "unsubscribes from the suite's resource test://watched-resource; our servers offer no subscriptions",
  'prompts-list': 'our servers offer no prompts (their guidance is recipes, served as resources and tools)',
  'prompts-get-simple': "gets the suite's prompt test_simple_prompt",
  'prompts-get-with-args': "gets the suite's prompt test_prompt_with_arguments",
  'prompts-get-embedded-resource': "gets the suite's prompt test_prompt_with_embedded_resource",
  'prompts-get-with-image': "gets the suite's prompt test_prompt_with_image",
};

/**
 * Server scenarios that do not apply to the gateway's `/mcp` endpoint, each with the reason. The
 * endpoint aggregates the shipped servers and the suite's fixtures (a server named `test`, whose
 * tool `simple_text` is the endpoint's `test_simple_text`), so every scenario about tools,
 * resources, prompts, logging, progress, elicitation and sampling runs through it.
 */
export const NOT_APPLICABLE_GATEWAY_SCENARIOS: Readonly<Record<string, string>> = {
  'json-schema-2020-12':
    "lists the suite's tool json_schema_2020_12_tool (a pending scenario): the fixture would need a server of its own named json",
  'server-sse-polling':
    "calls the suite's tool test_reconnection (a pending scenario) on a stream the suite closes itself",
  'dns-rebinding-protection':
    'applies to servers without authentication; with an API key it runs against the open (key-less, loopback) gateway instead',
};
