/**
 * The browser-safe entry of `@switchboard/servers`: the servers that run inside a page (WebMCP). It
 * imports nothing Node-only; the main entry adds the MCP servers started over stdio and HTTP.
 */
export { createCalculatorStorageServer } from './calculator-storage/create-calculator-storage-server.ts';
