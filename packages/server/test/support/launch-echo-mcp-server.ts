/**
 * An MCP server over stdio that tells how it was launched: its tool `launch` answers the arguments
 * it was started with and the `API_KEY` it was given. A test puts it behind a fake `npx` (or `uvx`,
 * `docker`) on the PATH to see the command line and environment a registry package maps to.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@switchboard/servers';

serveStdio(() => {
  const server = new McpServer({ name: 'launch-echo', version: '1.0.0' });
  server.registerTool(
    'launch',
    { description: 'How this server was launched: its arguments and its API_KEY.' },
    async () => ({
      content: [
        {
          type: 'text',
          text: JSON.stringify({ argv: process.argv.slice(2), apiKey: process.env.API_KEY ?? null }),
        },
      ],
    }),
  );
  return server;
});
