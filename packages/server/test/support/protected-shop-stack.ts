import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OAuthClientState } from '@switchboard/core';
import { serveHttp, startCalculatorStorage, startShop } from '@switchboard/servers';
import { decodeJwt } from 'jose';
import {
  startAuthorizationServer,
  type TestAuthorizationServer,
} from '../../../servers/test/oidc-authorization-server.ts';
import { openSecret } from '../../src/auth/secret-box.ts';
import { type ApiClient, readSse, type SseMessage } from './http-client.ts';
import { type QueuedModel, queuedModel } from './queued-model.ts';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

export interface ProtectedShopStackOptions {
  /** Scopes some shop tools need beyond `mcp`, by tool name (a call without them is a 403 step-up). */
  toolScopes?: Record<string, string[]>;
  /** Also serve the calculator behind the same authorization server, as the gateway's `calculator`. */
  calculator?: boolean;
}

/**
 * A gateway whose users each connect with OAuth to the shop (and the calculator when asked for),
 * served over HTTP as protected resources of one real authorization server (oidc-provider, scopes
 * `mcp shop:checkout`).
 */
export interface ProtectedShopStack {
  authorizationServer: TestAuthorizationServer;
  /** The shop's MCP URL: the resource its tokens are for. */
  shopUrl: string;
  gateway: TestGateway;
  model: QueuedModel;
  /** The gateway's server ids by name: `shop`, and `calculator` when it was asked for. */
  serverIds: Record<string, string>;
  /** The user's sealed OAuth state for a server, and that state opened as the gateway does with its secret key. */
  storedState(userId: string, serverId: string): Promise<{ sealed: string; state: OAuthClientState }>;
  /** The gateway's secret key opens `sealed` for (user, server); throws when it belongs to another. */
  openState(sealed: string, userId: string, serverId: string): OAuthClientState;
  /**
   * A turn in which the model calls one shop tool, then answers: the turn's stream, the tool names
   * the model was offered first, and what the model saw of the call.
   */
  shopToolTurn(
    client: ApiClient,
    tool: string,
    input?: Record<string, unknown>,
  ): Promise<{ events: SseMessage[]; toolNames: string[]; seen: string }>;
  close(): Promise<void>;
}

/**
 * The shop (and the calculator when asked for) served over HTTP as protected resources of one real
 * authorization server (oidc-provider, scopes `mcp shop:checkout`), for gateways to connect to.
 */
export interface ProtectedShop {
  authorizationServer: TestAuthorizationServer;
  /** The shop's MCP URL: the resource its tokens are for. */
  shopUrl: string;
  /** The servers as a gateway's configuration names them: each one a user connects with OAuth. */
  servers: Array<{ name: string; url: string; oauth: Record<string, never> }>;
  /** A scratch folder (the shop's data, and room for more), removed on close. */
  dataDir: string;
  close(): Promise<void>;
}

export async function startProtectedShop(options: ProtectedShopStackOptions = {}): Promise<ProtectedShop> {
  const closers: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) await closer();
  };
  try {
    const authorizationServer = await startAuthorizationServer({ resourceScopes: 'mcp shop:checkout' });
    closers.push(() => authorizationServer.close());
    const dataDir = await mkdtemp(join(tmpdir(), 'gateway-oauth-'));
    closers.push(() => rm(dataDir, { recursive: true, force: true }));
    const shop = await startShop({ dataDir: join(dataDir, 'shop') });
    closers.push(() => shop.close());
    const shopHttp = await serveHttp(shop.createServer, {
      oauth: { issuer: authorizationServer.issuer, requiredScopes: ['mcp'], toolScopes: options.toolScopes },
    });
    closers.push(() => shopHttp.close());
    const servers = [{ name: 'shop', url: shopHttp.url, oauth: {} }];
    if (options.calculator) {
      const calculator = await startCalculatorStorage();
      closers.push(() => calculator.close());
      const calculatorHttp = await serveHttp(calculator.createServer, {
        oauth: { issuer: authorizationServer.issuer, requiredScopes: ['mcp'] },
      });
      closers.push(() => calculatorHttp.close());
      servers.push({ name: 'calculator', url: calculatorHttp.url, oauth: {} });
    }
    return { authorizationServer, shopUrl: shopHttp.url, servers, dataDir, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export async function startProtectedShopStack(
  options: ProtectedShopStackOptions = {},
): Promise<ProtectedShopStack> {
  const closers: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) await closer();
  };
  try {
    const key = randomBytes(32);
    const { authorizationServer, shopUrl, servers, close: closeShop } = await startProtectedShop(options);
    closers.push(closeShop);
    const model = queuedModel();
    const gateway = await startTestGateway('pglite', {
      model,
      servers,
      secretKey: key,
      limits: { requestsPerMinute: 1000 },
    });
    closers.push(() => gateway.close());
    const listed = (await gateway.alice.get('/servers')).body.items as Array<{ id: string; name: string }>;
    const serverIds = Object.fromEntries(listed.map((server) => [server.name, server.id]));

    const openState = (sealed: string, userId: string, serverId: string): OAuthClientState =>
      JSON.parse(openSecret(key, sealed, `server-credentials:${userId}:${serverId}`));
    return {
      authorizationServer,
      shopUrl,
      gateway,
      model,
      serverIds,
      openState,
      async storedState(userId, serverId) {
        const { rows } = await gateway.gateway.services.db.query<{ sealed_state: string }>(
          'SELECT sealed_state FROM server_credentials WHERE user_id = $1 AND server_id = $2',
          [userId, serverId],
        );
        const sealed = rows[0].sealed_state;
        return { sealed, state: openState(sealed, userId, serverId) };
      },
      async shopToolTurn(client, tool, input = {}) {
        const { id } = (await client.post('/conversations', {})).body as { id: string };
        model.enqueue(
          { toolCalls: [{ id: `call_${randomBytes(4).toString('hex')}`, name: `shop_mcp_${tool}`, input }] },
          { text: 'Done.' },
        );
        const before = model.requests.length;
        const events = await readSse(
          await client.fetch(`/conversations/${id}/chat`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
            body: JSON.stringify({ content: `Please ${tool}` }),
          }),
        );
        const [first, second] = model.requests.slice(before);
        return {
          events,
          toolNames: first.tools.map((offered) => offered.name),
          seen: JSON.stringify(second?.messages.at(-1)?.content ?? ''),
        };
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Waits until the access token's `exp` has passed (a second beyond it: `exp` counts whole seconds). */
export async function outliveAccessToken(accessToken: string): Promise<void> {
  const exp = decodeJwt(accessToken).exp ?? 0;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 - Date.now() + 1100)));
}
