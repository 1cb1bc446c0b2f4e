import type { McpServerFactory } from '@modelcontextprotocol/server';
import { serveStdio as serveOverStdio } from '@modelcontextprotocol/server/stdio';

/** A server being served over this process's stdin/stdout. */
export interface StdioServing {
  /** Resolves when the client closes stdin (the connection is over). */
  closed: Promise<void>;
  /** Ends the connection. */
  close(): Promise<void>;
}

/**
 * Serves MCP over this process's stdin/stdout, one server instance per connection from
 * `createServer`. Errors are logged to stderr (stdout belongs to the protocol).
 */
export function serveStdio(createServer: McpServerFactory): StdioServing {
  const handle = serveOverStdio(createServer, {
    onerror: (error) => process.stderr.write(`[mcp stdio] ${error.message}\n`),
  });
  const closed = new Promise<void>((resolve) => {
    process.stdin.once('end', () => resolve());
    process.stdin.once('close', () => resolve());
  });
  return { closed, close: () => handle.close() };
}
