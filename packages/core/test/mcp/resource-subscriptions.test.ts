import { McpServer } from '@modelcontextprotocol/server';
import { expect, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.ts';
import { listen, modernHandler } from '../fixtures/http-servers.ts';

const WATCHED = 'file:///notes/today.md';

test('a 2026-07-28 server is subscribed to with a subscriptions/listen stream, and its update reaches the listener', async () => {
  const handler = modernHandler(() => {
    const server = new McpServer(
      { name: 'notes', version: '1.0.0' },
      { capabilities: { resources: { subscribe: true } } },
    );
    server.registerResource('today', WATCHED, {}, async () => ({
      contents: [{ uri: WATCHED, text: 'notes' }],
    }));
    return server;
  });
  const running = await listen(handler.handle);
  const connection = new McpConnection({ name: 'notes', transport: { type: 'http', url: running.url } });
  try {
    const updated = new Promise<string>((resolve) => connection.onResourceUpdated(resolve));
    await connection.subscribeResource(WATCHED);
    expect(connection.info).toMatchObject({ protocolVersion: '2026-07-28' });

    handler.notify.resourceUpdated(WATCHED);
    expect(await updated).toBe(WATCHED);
    await connection.unsubscribeResource(WATCHED);
  } finally {
    await connection.close();
    await handler.close();
    await running.close();
  }
});
