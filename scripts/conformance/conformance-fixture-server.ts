import {
  type CallToolResult,
  type GetPromptResult,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  Server,
  type ServerContext,
} from '@modelcontextprotocol/server';

/** A 1×1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
/** A 44-byte silent WAV header. */
const WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=';

const NO_ARGUMENTS = { type: 'object' as const, properties: {} };
const TOOLS = [
  'simple_text',
  'image_content',
  'audio_content',
  'embedded_resource',
  'multiple_content_types',
  'tool_with_logging',
  'error_handling',
  'tool_with_progress',
  'sampling',
  'elicitation',
  'elicitation_sep1034_defaults',
  'elicitation_sep1330_enums',
].map((name) => ({
  name,
  description: `Conformance fixture: ${name.replaceAll('_', ' ')}.`,
  inputSchema: NO_ARGUMENTS,
}));

/**
 * The conformance suite's server fixtures, as an ordinary MCP server that the gateway aggregates:
 * registered under the name `test`, its tool `simple_text` is the gateway's `test_simple_text`, its
 * prompt `simple_prompt` is `test_simple_prompt`, and its resources keep their `test://` URIs —
 * exactly the names the suite's scenarios call. The scenarios then check that the gateway passes
 * everything through: content of every kind, logs, progress, errors, completions, elicitation and sampling
 * (asked with the multi-round-trip `input_required` result, which works in both protocol eras).
 */
export function createConformanceFixtureServer(): Server {
  const server = new Server(
    { name: 'conformance-fixture', version: '1.0.0' },
    {
      capabilities: { tools: {}, resources: { subscribe: true }, prompts: {}, completions: {}, logging: {} },
    },
  );
  server.setRequestHandler('tools/list', () => ({ tools: TOOLS }));
  server.setRequestHandler('tools/call', (request, ctx) => callFixtureTool(request.params.name, ctx));
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
        contents: [{ uri, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }],
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
  server.setRequestHandler('prompts/get', ({ params }) => {
    const args = params.arguments ?? {};
    const user = (content: Record<string, unknown>) =>
      ({ messages: [{ role: 'user', content }] }) as GetPromptResult;
    switch (params.name) {
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
}

async function callFixtureTool(
  name: string,
  ctx: ServerContext,
): Promise<CallToolResult | InputRequiredResult> {
  const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });
  switch (name) {
    case 'simple_text':
      return text('This is a simple text response for testing.');
    case 'image_content':
      return { content: [{ type: 'image', data: PNG, mimeType: 'image/png' }] };
    case 'audio_content':
      return { content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }] };
    case 'embedded_resource':
      return {
        content: [
          {
            type: 'resource',
            resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'Embedded.' },
          },
        ],
      };
    case 'multiple_content_types':
      return {
        content: [
          { type: 'text', text: 'Multiple content types test:' },
          { type: 'image', data: PNG, mimeType: 'image/png' },
          {
            type: 'resource',
            resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{}' },
          },
        ],
      } as CallToolResult;
    case 'tool_with_logging':
      for (const data of ['Tool execution started', 'Tool processing data', 'Tool execution completed'])
        await ctx.mcpReq.notify({ method: 'notifications/message', params: { level: 'info', data } });
      return text('Tool with logging executed successfully');
    case 'error_handling':
      return {
        content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }],
        isError: true,
      };
    case 'tool_with_progress': {
      const token = ctx.mcpReq._meta?.progressToken;
      for (const progress of [0, 50, 100]) {
        if (token !== undefined)
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken: token, progress, total: 100 },
          });
      }
      return text('Progress reported');
    }
    case 'sampling': {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'completion');
      if (answer.kind === 'sampling') return text(`LLM response: ${JSON.stringify(answer.result.content)}`);
      return inputRequired({
        inputRequests: {
          completion: inputRequired.createMessage({
            messages: [{ role: 'user', content: { type: 'text', text: 'Test prompt for sampling' } }],
            maxTokens: 100,
          }),
        },
      });
    }
    default:
      return elicitingTool(name, ctx);
  }
}

function elicitingTool(name: string, ctx: ServerContext): CallToolResult | InputRequiredResult {
  const answer = inputResponse(ctx.mcpReq.inputResponses, 'form');
  if (answer.kind === 'elicit')
    return { content: [{ type: 'text' as const, text: `User response: ${JSON.stringify(answer)}` }] };
  const schemas: Record<string, Record<string, unknown>> = {
    elicitation: {
      username: { type: 'string', description: "User's response" },
      email: { type: 'string', description: "User's email address" },
    },
    elicitation_sep1034_defaults: {
      name: { type: 'string', default: 'John Doe' },
      age: { type: 'integer', default: 30 },
      score: { type: 'number', default: 95.5 },
      status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
      verified: { type: 'boolean', default: true },
    },
    elicitation_sep1330_enums: {
      untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
      titledSingle: {
        type: 'string',
        oneOf: [
          { const: 'value1', title: 'First Option' },
          { const: 'value2', title: 'Second Option' },
        ],
      },
      legacyEnum: { type: 'string', enum: ['opt1', 'opt2'], enumNames: ['Option One', 'Option Two'] },
      untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
      titledMulti: {
        type: 'array',
        items: {
          anyOf: [
            { const: 'value1', title: 'First Choice' },
            { const: 'value2', title: 'Second Choice' },
          ],
        },
      },
    },
  };
  const properties = schemas[name];
  if (!properties)
    return { content: [{ type: 'text' as const, text: `unknown tool ${name}` }], isError: true };
  return inputRequired({
    inputRequests: {
      form: inputRequired.elicit({
        message: 'Please provide your information',
        requestedSchema: { type: 'object', properties } as never,
      }),
    },
  });
}
