import type { ServerNotifier } from '@modelcontextprotocol/server';
import { type GetPromptResult, Server } from '@modelcontextprotocol/server';
import { CONTENT_TOOLS, PNG } from './fixture-content-tools.ts';
import { protocolTools } from './fixture-protocol-tools.ts';
import { fixtureRequestState, ROUND_TOOLS, roundPrompt } from './fixture-round-tools.ts';
import { TOOL_WITH_TASK } from './fixture-task-tools.ts';
import { type FixtureTool, fixtureTool, textResult } from './fixture-tool.ts';

/**
 * The conformance suite's server fixtures, as an ordinary MCP server that the gateway aggregates:
 * registered under the name `test`, its tool `simple_text` is the gateway's `test_simple_text`, its
 * prompt `simple_prompt` is `test_simple_prompt`, and its resources keep their `test://` URIs —
 * exactly the names the suite's scenarios call. The scenarios then check that the gateway passes
 * everything through: content of every kind, logs, progress, errors, completions, the server's
 * questions (elicitation, sampling, roots; over 2026-07-28 as `input_required` rounds, keys and
 * request state included), `x-mcp-header` parameters and list changes (through `notifier`, the
 * server's HTTP serving's).
 */
export function createConformanceFixtureServer(notifier: () => ServerNotifier): () => Server {
  // The suite's list-change triggers add or remove a tool (a prompt): a list that really changed.
  const changed = { tool: false, prompt: false };
  const changes = {
    tools: () => {
      changed.tool = !changed.tool;
      notifier().toolsChanged();
    },
    prompts: () => {
      changed.prompt = !changed.prompt;
      notifier().promptsChanged();
    },
  };
  const tools = new Map<string, FixtureTool>(
    [...CONTENT_TOOLS, ...ROUND_TOOLS, ...protocolTools(changes), TOOL_WITH_TASK].map((entry) => [
      entry.tool.name,
      entry,
    ]),
  );
  const changingTool = fixtureTool('changing_tool', async () => textResult('A tool the trigger added.'));
  return () => {
    const server = new Server(
      { name: 'conformance-fixture', version: '1.0.0' },
      {
        capabilities: {
          tools: { listChanged: true },
          resources: { subscribe: true },
          prompts: { listChanged: true },
          completions: {},
          logging: {},
        },
        requestState: { verify: fixtureRequestState.verify },
      },
    );
    server.setRequestHandler('tools/list', () => ({
      tools: [...tools.values(), ...(changed.tool ? [changingTool] : [])].map((entry) => entry.tool),
    }));
    server.setRequestHandler('tools/call', (request, ctx) => {
      const entry = tools.get(request.params.name);
      if (!entry)
        return { content: [{ type: 'text', text: `unknown tool ${request.params.name}` }], isError: true };
      return entry.call(request.params.arguments ?? {}, ctx);
    });
    server.setRequestHandler('resources/list', () => ({
      resources: [
        { uri: 'test://static-text', name: 'static_text', mimeType: 'text/plain' },
        { uri: 'test://static-binary', name: 'static_binary', mimeType: 'image/png' },
        { uri: 'test://watched-resource', name: 'watched_resource', mimeType: 'text/plain' },
      ],
    }));
    server.setRequestHandler('resources/subscribe', () => ({}));
    server.setRequestHandler('resources/unsubscribe', () => ({}));
    server.setRequestHandler('resources/templates/list', () => ({
      resourceTemplates: [
        { uriTemplate: 'test://template/{id}/data', name: 'template', mimeType: 'application/json' },
      ],
    }));
    server.setRequestHandler('resources/read', ({ params: { uri } }) => {
      if (uri === 'test://static-text')
        return {
          contents: [
            { uri, mimeType: 'text/plain', text: 'This is the content of the static text resource.' },
          ],
        };
      if (uri === 'test://static-binary') return { contents: [{ uri, mimeType: 'image/png', blob: PNG }] };
      if (uri === 'test://watched-resource')
        return { contents: [{ uri, mimeType: 'text/plain', text: 'A resource clients subscribe to.' }] };
      const id = /^test:\/\/template\/([^/]+)\/data$/.exec(uri)?.[1];
      if (id)
        return {
          contents: [{ uri, mimeType: 'application/json', text: JSON.stringify({ id, data: `for ${id}` }) }],
        };
      throw new Error(`unknown resource ${uri}`);
    });
    server.setRequestHandler('completion/complete', ({ params }) => {
      const values = ['paris', 'park', 'party'].filter((value) => value.startsWith(params.argument.value));
      return { completion: { values, total: values.length, hasMore: false } };
    });
    server.setRequestHandler('prompts/list', () => ({
      prompts: [
        ...(changed.prompt ? [{ name: 'changing_prompt', description: 'A prompt the trigger added.' }] : []),
        {
          name: 'input_required_result_prompt',
          description: 'A prompt that asks for input before it renders.',
        },
        { name: 'simple_prompt', description: 'A prompt without arguments.' },
        {
          name: 'prompt_with_arguments',
          description: 'A prompt with two arguments.',
          arguments: [
            { name: 'arg1', required: true },
            { name: 'arg2', required: true },
          ],
        },
        {
          name: 'prompt_with_embedded_resource',
          description: 'A prompt embedding a resource.',
          arguments: [{ name: 'resourceUri', required: true }],
        },
        { name: 'prompt_with_image', description: 'A prompt with an image.' },
      ],
    }));
    server.setRequestHandler('prompts/get', ({ params }, ctx) => {
      const args = params.arguments ?? {};
      const user = (content: Record<string, unknown>) =>
        ({ messages: [{ role: 'user', content }] }) as GetPromptResult;
      switch (params.name) {
        case 'input_required_result_prompt':
          return roundPrompt(ctx);
        case 'simple_prompt':
          return user({ type: 'text', text: 'This is a simple prompt for testing.' });
        case 'prompt_with_arguments':
          return user({
            type: 'text',
            text: `Prompt with arguments: arg1='${args.arg1}', arg2='${args.arg2}'`,
          });
        case 'prompt_with_embedded_resource':
          return user({
            type: 'resource',
            resource: {
              uri: args.resourceUri ?? 'test://example-resource',
              mimeType: 'text/plain',
              text: 'Embedded.',
            },
          });
        case 'prompt_with_image':
          return user({ type: 'image', data: PNG, mimeType: 'image/png' });
        default:
          throw new Error(`unknown prompt ${params.name}`);
      }
    });
    return server;
  };
}

/** The suite's 2020-12 schema (`json-schema-2020-12`), verbatim. */
const JSON_SCHEMA_2020_12 = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, not a promise.
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

/**
 * A second fixture server, registered as `json`: its tool `schema_2020_12_tool` is the gateway's
 * `json_schema_2020_12_tool`, whose 2020-12 input schema the suite expects to arrive unchanged.
 */
export function createJsonSchemaFixtureServer(): Server {
  const server = new Server(
    { name: 'conformance-json-schema', version: '1.0.0' },
    { capabilities: { tools: {} } },
  );
  server.setRequestHandler('tools/list', () => ({
    tools: [
      {
        name: 'schema_2020_12_tool',
        description: 'Conformance fixture: a tool whose input schema uses JSON Schema 2020-12.',
        inputSchema: JSON_SCHEMA_2020_12 as never,
      },
    ],
  }));
  server.setRequestHandler('tools/call', ({ params }) => ({
    content: [
      { type: 'text', text: `JSON Schema 2020-12 tool called with: ${JSON.stringify(params.arguments)}` },
    ],
  }));
  return server;
}
