/** Node-only parts of the runtime (stdio transport, …). */
export * from './index.ts';
