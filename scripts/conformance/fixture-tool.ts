import type { CallToolResult, InputRequiredResult, ServerContext, Tool } from '@modelcontextprotocol/server';

/** One tool of the conformance fixture: how it is listed, and what a call of it does. */
export interface FixtureTool {
  tool: Tool;
  call(args: Record<string, unknown>, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult>;
}

/** A tool without arguments, listed with a description made from its name. */
export function fixtureTool(
  name: string,
  call: FixtureTool['call'],
  inputSchema?: Tool['inputSchema'],
): FixtureTool {
  return {
    tool: {
      name,
      description: `Conformance fixture: ${name.replaceAll('_', ' ')}.`,
      inputSchema: inputSchema ?? { type: 'object', properties: {} },
    },
    call,
  };
}

/** A result with one text block. */
export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}
