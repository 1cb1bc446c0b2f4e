import { createWebMcpServer, type WebMcpServer } from '@switchboard/core';

const OPERATIONS = {
  add: (a: number, b: number) => a + b,
  subtract: (a: number, b: number) => a - b,
  multiply: (a: number, b: number) => a * b,
  divide: (a: number, b: number) => a / b,
} as const;

type Operation = keyof typeof OPERATIONS;

/**
 * The demo WebMCP server, run in the page or process: `calculate` (add/subtract/multiply/divide), `set-storage` and
 * `get-storage`, and the resource `storage://{key}`. Storage lives in this server object only.
 */
export function createCalculatorStorageServer(name = 'calculator'): WebMcpServer {
  const server = createWebMcpServer(name, {
    description: 'Arithmetic on two numbers, and a small key/value store kept in memory for this session.',
  });
  const storage = new Map<string, string>();

  server.registerTool({
    name: 'calculate',
    title: 'Calculate',
    description: 'Performs basic arithmetic on two numbers: add, subtract, multiply or divide a by b.',
    inputSchema: {
      type: 'object',
      properties: {
        operation: { type: 'string', enum: Object.keys(OPERATIONS), description: 'The arithmetic operation' },
        a: { type: 'number', description: 'First number' },
        b: { type: 'number', description: 'Second number' },
      },
      required: ['operation', 'a', 'b'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    execute: ({ operation, a, b }) => {
      if (!Object.hasOwn(OPERATIONS, String(operation))) {
        throw new Error(`Unknown operation "${String(operation)}": use add, subtract, multiply or divide`);
      }
      if (!Number.isFinite(a) || !Number.isFinite(b)) {
        throw new Error(
          `Both a and b must be finite numbers (got a=${JSON.stringify(a)}, b=${JSON.stringify(b)})`,
        );
      }
      if (operation === 'divide' && b === 0) throw new Error('Division by zero: b must not be 0');
      return String(OPERATIONS[operation as Operation](a as number, b as number));
    },
  });

  server.registerTool({
    name: 'set-storage',
    title: 'Store a value',
    description: 'Stores a string value under a key (replacing any previous value).',
    inputSchema: {
      type: 'object',
      properties: { key: { type: 'string', minLength: 1 }, value: { type: 'string' } },
      required: ['key', 'value'],
      additionalProperties: false,
    },
    // Replaces what the key held.
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    execute: ({ key, value }) => {
      storage.set(key as string, value as string);
      return `Stored value at key: ${key as string}`;
    },
  });

  server.registerTool({
    name: 'get-storage',
    title: 'Read a stored value',
    description: 'Reads the value stored under a key (the same as reading the resource storage://{key}).',
    inputSchema: {
      type: 'object',
      properties: { key: { type: 'string', minLength: 1 } },
      required: ['key'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
    execute: ({ key }) => storage.get(key as string) ?? 'Key not found',
  });

  server.registerResource({
    uriTemplate: 'storage://{key}',
    name: 'storage',
    description: 'The value stored under a key, or "Key not found".',
    mimeType: 'text/plain',
    read: (_uri, { key }) => storage.get(key) ?? 'Key not found',
  });

  return server;
}
