import { fromJsonSchema, McpServer } from '@modelcontextprotocol/server';

/** Compiled once: the stateless entry builds a server per request, and compiling per request would dominate. */
const echoInput = fromJsonSchema<{ text: string }>({
  type: 'object',
  properties: { text: { type: 'string' } },
  required: ['text'],
});

/** The minimal MCP server of bench:dispatch: an SDK `McpServer` with one trivial `echo` tool. */
export function echoServer(): McpServer {
  const server = new McpServer({ name: 'bench-echo', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Returns the text it was given.', inputSchema: echoInput },
    async ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  return server;
}
