import { InMemoryTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { McpConnection } from '../src/mcp/index.ts';
import { SchemaValidator } from '../src/validation/schema-validator.ts';
import { longestEventLoopLag } from './support/event-loop-lag.ts';
import { callContext } from './support/mcp-test-servers.ts';

/** The bound: no one server's input may hold the gateway's event loop longer than this. */
const MAX_LAG_MS = 100;

/** Exponential for a backtracking engine: `^(a+)+$` tries every split of the `a`s before failing on `!`. */
const EVIL_PATTERN = '^(a+)+$';
const EVIL_TEXT = `${'a'.repeat(40)}!`;

/** A hostile MCP server: its one tool's output schema carries the evil pattern, and its result the evil text. */
async function hostileServerConnection(): Promise<McpConnection> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = new Server({ name: 'hostile', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({
    tools: [
      {
        name: 'lookup',
        inputSchema: { type: 'object' },
        outputSchema: { type: 'object', properties: { code: { type: 'string', pattern: EVIL_PATTERN } } },
      },
    ],
  }));
  server.setRequestHandler('tools/call', () => ({
    content: [{ type: 'text', text: EVIL_TEXT }],
    structuredContent: { code: EVIL_TEXT },
  }));
  await server.connect(serverSide);
  return new McpConnection({ name: 'hostile', transport: { type: 'in-memory', transport: clientSide } });
}

describe("a server's schema patterns cannot hold the event loop", () => {
  it('validates tool input against a pattern of nested quantifiers in under 100 ms', async () => {
    const validator = new SchemaValidator();
    const schema = { type: 'object', properties: { code: { type: 'string', pattern: EVIL_PATTERN } } };
    let outcome: { valid: boolean } | undefined;
    const lag = await longestEventLoopLag(() => {
      outcome = validator.validate(schema, { code: EVIL_TEXT });
    });
    expect(outcome?.valid).toBe(false);
    expect(lag).toBeLessThan(MAX_LAG_MS);
  });

  it('validates property names against patternProperties of nested quantifiers in under 100 ms', async () => {
    const validator = new SchemaValidator();
    const schema = { type: 'object', patternProperties: { [EVIL_PATTERN]: { type: 'number' } } };
    let outcome: { valid: boolean } | undefined;
    const lag = await longestEventLoopLag(() => {
      outcome = validator.validate(schema, { [EVIL_TEXT]: 'not checked: the name does not match' });
    });
    expect(outcome?.valid).toBe(true);
    expect(lag).toBeLessThan(MAX_LAG_MS);
  });

  it("checks a tool result against the server's output schema in under 100 ms", async () => {
    const connection = await hostileServerConnection();
    try {
      await connection.listTools();
      let failure: unknown;
      const lag = await longestEventLoopLag(async () => {
        failure = await connection.callTool('lookup', {}, callContext()).catch((error: unknown) => error);
      });
      expect(String(failure)).toMatch(/must match pattern/);
      expect(lag).toBeLessThan(MAX_LAG_MS);
    } finally {
      await connection.close();
    }
  });
});
