/**
 * Node-only parts of the runtime (the stdio transport, HTTP through undici's pooled
 * connections), plus everything of the browser-safe entry. Here `McpConnection` and
 * `McpClientPool` are the Node flavors: HTTP servers are reached through
 * {@link createNodeFetch} unless a `fetch` is given.
 */
export * from './index.ts';
export * from './mcp-node/index.ts';
export {
  NodeMcpClientPool as McpClientPool,
  NodeMcpConnection as McpConnection,
} from './mcp-node/node-mcp-connection.ts';
