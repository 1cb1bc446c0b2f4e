import { type FixtureTool, fixtureTool, textResult } from './fixture-tool.ts';

/**
 * The suite's tools for the transport's rules (`server-stateless`, `http-custom-header-server-validation`):
 * a tool with an `x-mcp-header` parameter (SEP-2243), one that logs (delivered only when the request
 * asks for a log level), one whose response stream carries nothing but its result, and two that
 * change the tool or prompt list (`changes`), which the listen streams hear of.
 */
export function protocolTools(changes: { tools(): void; prompts(): void }): FixtureTool[] {
  return [
    fixtureTool(
      'x_mcp_header',
      async (args) => textResult(`region=${typeof args.region === 'string' ? args.region : '<none>'}`),
      {
        type: 'object',
        properties: {
          region: { type: 'string', description: 'mirrored into Mcp-Param-Region', 'x-mcp-header': 'Region' },
          level: { type: 'integer', description: 'not mirrored' },
        },
      },
    ),
    fixtureTool('logging_tool', async (_args, ctx) => {
      await ctx.mcpReq.log('info', 'logging_tool ran (delivered only when the request set _meta.logLevel)');
      return textResult('logged through the request-scoped channel');
    }),
    fixtureTool('streaming_elicitation', async () => textResult('stream observed: result frames only')),
    fixtureTool('trigger_tool_change', async () => {
      changes.tools();
      return textResult('tools_list_changed published');
    }),
    fixtureTool('trigger_prompt_change', async () => {
      changes.prompts();
      return textResult('prompts_list_changed published');
    }),
  ];
}
