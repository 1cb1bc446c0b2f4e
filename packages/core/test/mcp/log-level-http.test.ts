import type { LoggingLevel } from '@modelcontextprotocol/client';
import { LOG_LEVEL_META_KEY, McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { McpConnectionOptions } from '../../src/mcp/index.ts';
import { McpConnection } from '../../src/mcp/index.ts';
import { listen, modernHandler } from '../fixtures/http-servers.ts';
import { callContext } from './helpers.ts';

/**
 * An SDK server whose tool, prompt and resource each log a debug line and then an info line
 * through their request's context; the tool answers with the log level its request asked for.
 */
function createLevelServer(): McpServer {
  const server = new McpServer({ name: 'levels', version: '1.0.0' }, { capabilities: { logging: {} } });
  server.registerTool('report', { description: 'Logs, then names the level asked.' }, async (ctx) => {
    await ctx.mcpReq.log('debug', 'tool debug');
    await ctx.mcpReq.log('info', 'tool info');
    // The SDK types the envelope as `{}`; its keys are the spec's reserved `_meta` keys.
    const envelope: Record<string, unknown> = ctx.mcpReq.envelope ?? {};
    const asked = envelope[LOG_LEVEL_META_KEY] ?? 'none';
    return { content: [{ type: 'text', text: `asked ${asked}` }] };
  });
  server.registerPrompt('brief', { description: 'Logs, then answers.' }, async (ctx) => {
    await ctx.mcpReq.log('info', 'prompt info');
    return { messages: [{ role: 'user', content: { type: 'text', text: 'brief' } }] };
  });
  server.registerResource('notes', 'test://notes', { mimeType: 'text/plain' }, async (uri, ctx) => {
    await ctx.mcpReq.log('info', 'resource info');
    return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'notes' }] };
  });
  return server;
}

describe('the log level a connection asks of its server', () => {
  const teardown: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of teardown.splice(0).reverse()) await step();
  });

  async function connect(options: Partial<McpConnectionOptions>): Promise<McpConnection> {
    const handler = modernHandler(createLevelServer);
    const server = await listen(handler.handle);
    const connection = new McpConnection({
      name: 'levels',
      transport: { type: 'http', url: server.url },
      timeoutMs: 10_000,
      ...options,
    });
    teardown.push(
      () => server.close(),
      () => handler.close(),
      () => connection.close(),
    );
    return connection;
  }

  test.each<{ level?: LoggingLevel; asked: string; lines: string[] }>([
    { asked: 'info', lines: ['tool info'] },
    { level: 'debug', asked: 'debug', lines: ['tool debug', 'tool info'] },
  ])(
    '2026-07-28: a tool call asks for $asked, and the call’s receiver gets the lines at or above it',
    async ({ level, asked, lines }) => {
      const connection = await connect({ answerThroughCalls: ['log'], logLevel: level });
      const received: string[] = [];

      const output = await connection.callTool(
        'report',
        {},
        { ...callContext(), serverRequests: { onLog: (message) => received.push(String(message.data)) } },
      );

      expect(connection.info.protocolVersion).toBe('2026-07-28');
      expect(output.text).toBe(`asked ${asked}`);
      // The info line is the last one sent, on the call's stream after any debug line.
      await vi.waitFor(() => expect(received).toContain('tool info'));
      expect(received).toEqual(lines);
    },
  );

  test('2026-07-28: a prompt and a resource read ask for the level too, and the connection’s receiver gets their lines', async () => {
    const received: string[] = [];
    const connection = await connect({
      handlers: { onLog: (message) => received.push(String(message.data)) },
    });

    await connection.getPrompt('brief');
    await connection.readResource('test://notes');

    expect(connection.info.protocolVersion).toBe('2026-07-28');
    await vi.waitFor(() => expect(received).toEqual(['prompt info', 'resource info']));
  });

  test('2026-07-28: with no one receiving log messages, no level is asked', async () => {
    const connection = await connect({});

    const output = await connection.callTool('report', {}, callContext());

    expect(connection.info.protocolVersion).toBe('2026-07-28');
    expect(output.text).toBe('asked none');
  });

  test('2025-11-25: no level is asked, and the server sends every line it logs', async () => {
    const received: string[] = [];
    const connection = await connect({
      protocol: 'legacy',
      logLevel: 'warning',
      handlers: { onLog: (message) => received.push(String(message.data)) },
    });

    const output = await connection.callTool('report', {}, callContext());

    expect(connection.info.protocolVersion).toBe('2025-11-25');
    expect(output.text).toBe('asked none');
    await vi.waitFor(() => expect(received).toEqual(['tool debug', 'tool info']));
  });
});
