import { randomBytes } from 'node:crypto';
import type { OAuthClientState } from '@switchboard/core';
import { decodeJwt } from 'jose';
import type { TestAuthorizationServer } from '../../../servers/test/support/oidc-authorization-server.ts';
import {
  type ProtectedShopOptions,
  startProtectedShop,
} from '../../../servers/test/support/protected-shop.ts';
import { openSecret } from '../../src/auth/secret-box.ts';
import { type ApiClient, readSse, type SseMessage } from './http-client.ts';
import { type QueuedModel, queuedModel } from './queued-model.ts';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

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

export async function startProtectedShopStack(
  options: ProtectedShopOptions = {},
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
