/** Node-only MCP pieces: the stdio transport, and HTTP through undici's pooled connections. */
export { createNodeFetch, type NodeFetch, type NodeFetchOptions } from './node-fetch.ts';
export { NodeMcpClientPool, NodeMcpConnection } from './node-mcp-connection.ts';
export { type StdioTransportOptions, stdioTransport } from './stdio-transport.ts';
