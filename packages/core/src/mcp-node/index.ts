/** Node-only MCP pieces: the stdio transport. */
export { type StdioTransportOptions, stdioTransport } from './stdio-transport.ts';
