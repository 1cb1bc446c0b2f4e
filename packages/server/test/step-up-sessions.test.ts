import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protectResource } from '../../servers/src/launcher/protect-resource.ts';
import {
  startAuthorizationServer,
  type TestAuthorizationServer,
} from '../../servers/test/support/oidc-authorization-server.ts';
import { connectOAuthServer } from './support/connect-oauth-server.ts';
import { readSse } from './support/http-client.ts';
import { queuedModel } from './support/queued-model.ts';
import { startTestGateway } from './support/test-gateway.ts';

/**
 * A stateful MCP server (one SDK transport per `Mcp-Session-Id`) behind OAuth: every request needs
 * `mcp` (but `initialize` and ending a session need no token at all when `openInitialize`: a server
 * that only guards what its sessions do), its `checkout` tool `shop:checkout` too (a 403 step-up). It keeps which
 * sessions are open.
 */
async function startSessionServer(issuer: string, openInitialize = false) {
  const transports = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const opened: string[] = [];
  const closed: string[] = [];
  const handler = {
    async fetch(
      request: Request,
      options?: Parameters<WebStandardStreamableHTTPServerTransport['handleRequest']>[1],
    ) {
      const id = request.headers.get('mcp-session-id');
      const known = id ? transports.get(id) : undefined;
      if (known) return known.handleRequest(request, options);
      if (id) return new Response('unknown session', { status: 404 });
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => {
          transports.set(sessionId, transport);
          opened.push(sessionId);
        },
        onsessionclosed: (sessionId) => {
          transports.delete(sessionId);
          closed.push(sessionId);
        },
      });
      const server = new McpServer({ name: 'sessions', version: '1.0.0' });
      server.registerTool('hello', { description: 'Says hello.' }, async () => ({
        content: [{ type: 'text', text: 'hello' }],
      }));
      server.registerTool('checkout', { description: 'Checks out.' }, async () => ({
        content: [{ type: 'text', text: 'checked out' }],
      }));
      await server.connect(transport);
      return transport.handleRequest(request, options);
    },
  };
  const http = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  const handle = toNodeHandler(
    protectResource(handler, {
      issuer,
      resource: url,
      requiredScopes: ['mcp'],
      toolScopes: { checkout: ['shop:checkout'] },
    }),
  );
  const open = toNodeHandler(handler);
  http.on('request', async (request, response) => {
    if (openInitialize && !request.headers.authorization && request.method === 'DELETE') {
      void open(request, response);
      return;
    }
    if (!openInitialize || request.headers.authorization || request.method !== 'POST') {
      void handle(request, response);
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (body.method === 'initialize') void open(request, response, body);
    else void handle(request, response, body);
  });
  return {
    url,
    opened,
    closed,
    open: () => opened.filter((id) => !closed.includes(id)),
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** A gateway whose users connect `server` (as `shop`) with OAuth. */
async function startGateway(url: string) {
  const model = queuedModel();
  const gw = await startTestGateway('pglite', {
    model,
    servers: [{ name: 'shop', url, oauth: {} }],
    secretKey: randomBytes(32),
    limits: { requestsPerMinute: 1000 },
  });
  const serverId = ((await gw.alice.get('/servers')).body.items as Array<{ id: string }>)[0].id;
  return { gw, model, serverId };
}

describe('OAuth servers: the gateway leaves no MCP session open on a server it is done with', () => {
  let authorizationServer: TestAuthorizationServer;

  beforeAll(async () => {
    authorizationServer = await startAuthorizationServer({ resourceScopes: 'mcp shop:checkout' });
  }, 60_000);
  afterAll(() => authorizationServer?.close());

  it('asking a server that lets an initialize in without a token which scope it wants ends the session it opened', async () => {
    const server = await startSessionServer(authorizationServer.issuer, true);
    const { gw, serverId } = await startGateway(server.url);
    try {
      const started = await gw.alice.post(`/servers/${serverId}/authorize`);
      expect(started.status).toBe(200);
      // The probe's initialize was let in (a session opened), and ended.
      expect(server.opened).toHaveLength(1);
      expect(server.open()).toEqual([]);
    } finally {
      await gw.close();
      await server.close();
    }
  });

  it('a step-up (403) keeps only the user’s own live session, which connecting again ends', async () => {
    const server = await startSessionServer(authorizationServer.issuer);
    const { gw, model, serverId } = await startGateway(server.url);
    const turn = async (tool: string) => {
      const { id } = (await gw.alice.post('/conversations', {})).body as { id: string };
      model.enqueue(
        { toolCalls: [{ id: `call_${tool}`, name: `shop_mcp_${tool}`, input: {} }] },
        { text: 'Done.' },
      );
      const events = await readSse(
        await gw.alice.fetch(`/conversations/${id}/chat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify({ content: `Please ${tool}` }),
        }),
      );
      return events.filter((event) => event.data.type === 'CUSTOM').map((event) => event.data.name);
    };
    try {
      await connectOAuthServer(gw.url, gw.alice, serverId, 'alice');
      // The server asked for `mcp` only (its 401): no session was opened to learn it.
      expect(server.opened).toEqual([]);
      expect(await turn('hello')).not.toContain('server_needs_authorization');
      const [live] = server.open();
      expect(server.opened).toEqual([live]);

      // Refused for more scope, in a turn and called directly: the user's session goes on serving them.
      expect(await turn('checkout')).toContain('server_needs_authorization');
      const direct = await gw.alice.post(`/servers/${serverId}/tools/call`, {
        name: 'checkout',
        arguments: {},
      });
      expect(direct.body.error).toMatchObject({ code: 'authorization_required', scope: 'mcp shop:checkout' });
      expect(await turn('hello')).not.toContain('server_needs_authorization');
      expect(server.opened).toEqual([live]);

      // Connecting again (with the larger scope) ends that session; the next call opens one.
      await connectOAuthServer(gw.url, gw.alice, serverId, 'alice');
      expect(server.open()).toEqual([]);
      expect(await turn('checkout')).not.toContain('server_needs_authorization');
      expect(server.open()).toHaveLength(1);
      expect(server.opened).toHaveLength(2);
    } finally {
      await gw.close();
      await server.close();
    }
  });
});
