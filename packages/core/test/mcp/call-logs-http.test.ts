import type { ServerResponse } from 'node:http';
import type { LoggingMessageNotificationParams } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { McpConnection, type McpProtocolMode } from '../../src/mcp/index.ts';
import { listen, type McpNodeHandler, modernHandler, sessionfulHandler } from '../fixtures/http-servers.ts';
import { createLoggingServer, loggingGate } from '../fixtures/logging-server.ts';
import { callContext } from '../support/mcp-test-servers.ts';

describe('a server’s log message during a tool call reaches the conversation whose call it came from', () => {
  const teardown: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of teardown.splice(0).reverse()) await step();
  });

  test.each<{ era: string; serve: typeof sessionfulHandler; unrelated: boolean; protocol: McpProtocolMode }>([
    {
      era: '2025-11-25 sessions, beside a message on the standalone stream',
      serve: sessionfulHandler,
      unrelated: true,
      protocol: 'legacy',
    },
    { era: '2025-11-25 stateless', serve: modernHandler, unrelated: false, protocol: 'legacy' },
    // The server logs for a request only when it asks for a level, which each call does here.
    { era: '2026-07-28', serve: modernHandler, unrelated: false, protocol: 'auto' },
  ])(
    'over Streamable HTTP, $era: each call’s stream carries its own line',
    async ({ era, serve, unrelated, protocol }) => {
      const lines: Record<'ada' | 'grace' | 'connection', string[]> = { ada: [], grace: [], connection: [] };
      const expected = unrelated ? 3 : 2;
      const { promise: allLogged, resolve: release } = Promise.withResolvers<void>();
      const receiver = (who: keyof typeof lines) => (message: LoggingMessageNotificationParams) => {
        lines[who].push(String(message.data));
        if (Object.values(lines).flat().length === expected) release();
      };
      // The tools answer only once every line was received, so both calls are in flight throughout.
      const gate = loggingGate(2, allLogged);
      const handler: McpNodeHandler = serve(() => createLoggingServer(gate, unrelated));
      const standalone: ServerResponse[] = [];
      const server = await listen((req, res) => {
        if (req.method === 'GET') standalone.push(res);
        return handler.handle(req, res);
      });
      const connection = new McpConnection({
        name: 'logging',
        transport: { type: 'http', url: server.url },
        protocol,
        timeoutMs: 10_000,
        answerThroughCalls: ['log'],
        handlers: { onLog: receiver('connection') },
      });
      teardown.push(
        () => server.close(),
        () => handler.close(),
        () => connection.close(),
      );
      await connection.connect();
      // A message related to no request goes out only on an open standalone stream.
      if (unrelated) await vi.waitFor(() => expect(standalone.some((res) => res.headersSent)).toBe(true));
      const call = (label: string, who: 'ada' | 'grace') =>
        connection.callTool(
          'work',
          { label },
          { ...callContext(), serverRequests: { onLog: receiver(who) } },
        );

      const [a, b] = await Promise.all([call('A', 'ada'), call('B', 'grace')]);

      expect(connection.info.protocolVersion).toBe(era.slice(0, 10));
      expect([a.text, b.text]).toEqual(['A done', 'B done']);
      expect(lines).toEqual({
        ada: ['line for A'],
        grace: ['line for B'],
        // Two conversations' calls are in flight: a message on no call's stream is theirs to neither.
        connection: unrelated ? ['for nobody'] : [],
      });
    },
  );
});
