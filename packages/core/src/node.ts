/** Node-only parts of the runtime (the stdio transport), plus everything of the browser-safe entry. */
export * from './index.ts';
export * from './mcp-node/index.ts';
