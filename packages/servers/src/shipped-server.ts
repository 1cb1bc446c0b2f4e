import type { McpServerFactory } from '@modelcontextprotocol/server';

/**
 * One of the MCP servers Switchboard ships, started and ready to serve.
 *
 * `createServer` builds a fresh `McpServer` per connection (stdio) or per request (HTTP); all
 * state (carts, storage, the database) lives in the shipped server, so every instance sees it.
 */
export interface ShippedServer {
  /** Short machine name (`shop`, `open-data`, `calculator-storage`). */
  name: string;
  /** What the server is for, written for a model. */
  description: string;
  /** The factory handed to {@link serveStdio} or {@link serveHttp}. */
  createServer: McpServerFactory;
  /** Releases what the server holds (files, database workers). */
  close(): Promise<void>;
}
