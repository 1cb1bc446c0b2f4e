import type { FetchLike, LoggingLevel } from '@modelcontextprotocol/client';
import {
  LOG_LEVEL_META_KEY,
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { McpConnectionOptions } from '../../src/mcp/index.ts';
import { McpConnection } from '../../src/mcp/index.ts';
import { listen, type McpNodeHandler, modernHandler, sessionfulHandler } from '../fixtures/http-servers.ts';
import { callContext } from '../support/mcp-test-servers.ts';

/**
 * An SDK server whose tool, prompt and resource each log a debug line and then an info line
 * through their request's context; the tool answers with the log level its request asked for.
 */
function createLevelServer(capabilities: { logging?: Record<string, never> } = { logging: {} }): McpServer {
  const server = new McpServer({ name: 'levels', version: '1.0.0' }, { capabilities });
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

  /** The JSON-RPC methods the client posted, in order. */
  let sent: string[] = [];
  const recordingFetch: FetchLike = (url, init) => {
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    for (const message of [body].flat()) {
      const { method } = (message ?? {}) as { method?: unknown };
      if (typeof method === 'string') sent.push(method);
    }
    return fetch(url, init);
  };

  async function connect(
    options: Partial<McpConnectionOptions>,
    handler: McpNodeHandler = modernHandler(() => createLevelServer()),
  ): Promise<McpConnection> {
    sent = [];
    const server = await listen(handler.handle);
    const connection = new McpConnection({
      name: 'levels',
      transport: { type: 'http', url: server.url },
      timeoutMs: 10_000,
      fetch: recordingFetch,
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

  test.each<{ case: string; level?: LoggingLevel; lines: string[] }>([
    { case: 'the default, info', lines: ['tool info'] },
    { case: 'debug', level: 'debug', lines: ['tool debug', 'tool info'] },
  ])(
    '2025-11-25: logging/setLevel ($case) follows initialize once, and the server sends only the lines at or above it',
    async ({ level, lines }) => {
      const received: string[] = [];
      const connection = await connect(
        {
          protocol: 'legacy',
          logLevel: level,
          handlers: { onLog: (message) => received.push(String(message.data)) },
        },
        sessionfulHandler(() => createLevelServer()),
      );

      const output = await connection.callTool('report', {}, callContext());

      expect(connection.info.protocolVersion).toBe('2025-11-25');
      // No envelope under 2025: the level travels in logging/setLevel alone.
      expect(output.text).toBe('asked none');
      expect(sent.slice(0, 3)).toEqual(['initialize', 'notifications/initialized', 'logging/setLevel']);
      expect(sent.filter((method) => method === 'logging/setLevel')).toHaveLength(1);
      await vi.waitFor(() => expect(received).toContain('tool info'));
      expect(received).toEqual(lines);
    },
  );

  test.each<{ case: string; logging?: Record<string, never>; listens: boolean }>([
    { case: 'a server without the logging capability', listens: true },
    { case: 'a connection no one receives log messages from', logging: {}, listens: false },
  ])('2025-11-25: $case is sent no logging/setLevel', async ({ logging, listens }) => {
    const connection = await connect(
      {
        protocol: 'legacy',
        logLevel: 'debug',
        handlers: listens ? { onLog: () => undefined } : {},
      },
      sessionfulHandler(() => createLevelServer({ logging })),
    );

    const output = await connection.callTool('report', {}, callContext());

    expect(connection.info.protocolVersion).toBe('2025-11-25');
    expect(output.text).toBe('asked none');
    expect(sent).toContain('tools/call');
    expect(sent).not.toContain('logging/setLevel');
  });

  test('2025-11-25: a server that fails logging/setLevel keeps the connection, and the refusal is logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    teardown.push(async () => warn.mockRestore());
    const received: string[] = [];
    const handler = sessionfulHandler(() => {
      const server = createLevelServer();
      server.server.setRequestHandler('logging/setLevel', () => {
        throw new ProtocolError(ProtocolErrorCode.InternalError, 'levels are not adjustable here');
      });
      return server;
    });
    const connection = await connect(
      { protocol: 'legacy', handlers: { onLog: (message) => received.push(String(message.data)) } },
      handler,
    );

    const output = await connection.callTool('report', {}, callContext());

    expect(output.text).toBe('asked none');
    expect(connection.info.status).toBe('connected');
    expect(sent).toContain('logging/setLevel');
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /"levels" refused log level info.*levels are not adjustable here/,
    );
    // The server keeps its own level: every line it logs.
    await vi.waitFor(() => expect(received).toEqual(['tool debug', 'tool info']));
  });
});
