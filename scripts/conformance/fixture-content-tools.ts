import {
  type CallToolResult,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { type FixtureTool, fixtureTool, textResult } from './fixture-tool.ts';

/** A 1×1 PNG. */
export const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
/** A 44-byte silent WAV header. */
const WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=';

/**
 * The suite's tools for content, logs, progress, errors and the server's questions (`tools-call-*`,
 * `elicitation-*`): elicitation and sampling are asked with the multi-round-trip `input_required`
 * result, which the SDK turns into requests to the client on 2025 sessions.
 */
export const CONTENT_TOOLS: readonly FixtureTool[] = [
  fixtureTool('simple_text', async () => textResult('This is a simple text response for testing.')),
  fixtureTool('image_content', async () => ({
    content: [{ type: 'image', data: PNG, mimeType: 'image/png' }],
  })),
  fixtureTool('audio_content', async () => ({
    content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }],
  })),
  fixtureTool('embedded_resource', async () => ({
    content: [
      {
        type: 'resource',
        resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'Embedded.' },
      },
    ],
  })),
  fixtureTool(
    'multiple_content_types',
    async () =>
      ({
        content: [
          { type: 'text', text: 'Multiple content types test:' },
          { type: 'image', data: PNG, mimeType: 'image/png' },
          {
            type: 'resource',
            resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{}' },
          },
        ],
      }) as CallToolResult,
  ),
  fixtureTool('tool_with_logging', async (_args, ctx) => {
    for (const data of ['Tool execution started', 'Tool processing data', 'Tool execution completed'])
      await ctx.mcpReq.notify({ method: 'notifications/message', params: { level: 'info', data } });
    return textResult('Tool with logging executed successfully');
  }),
  fixtureTool('error_handling', async () => ({
    content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }],
    isError: true,
  })),
  fixtureTool('tool_with_progress', async (_args, ctx) => {
    const token = ctx.mcpReq._meta?.progressToken;
    for (const progress of [0, 50, 100]) {
      if (token !== undefined)
        await ctx.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken: token, progress, total: 100 },
        });
    }
    return textResult('Progress reported');
  }),
  fixtureTool('sampling', async (_args, ctx) => {
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'completion');
    if (answer.kind === 'sampling')
      return textResult(`LLM response: ${JSON.stringify(answer.result.content)}`);
    return inputRequired({
      inputRequests: {
        completion: inputRequired.createMessage({
          messages: [{ role: 'user', content: { type: 'text', text: 'Test prompt for sampling' } }],
          maxTokens: 100,
        }),
      },
    });
  }),
  ...['elicitation', 'elicitation_sep1034_defaults', 'elicitation_sep1330_enums'].map((name) =>
    fixtureTool(name, async (_args, ctx) => elicitingTool(name, ctx)),
  ),
];

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
