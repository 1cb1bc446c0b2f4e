import type { ServerContext } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JwtIssuer, startJwtIssuer } from '../../core/test/support/jwt-issuer.ts';
import { authenticateEndpoint, type EndpointCaller } from '../src/mcp-endpoint/authenticate-endpoint.ts';
import { endpointRequestState } from '../src/mcp-endpoint/endpoint-request-state.ts';
import { queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';

/** The gateway's public URL: the resource its access tokens are issued for. */
const PUBLIC_URL = 'http://gateway.test';
const RESOURCE = `${PUBLIC_URL}/mcp`;

/** What `/mcp` hands the MCP SDK (`ctx.http.authInfo`) for a request with a bearer token. */
describe('/mcp AuthInfo: an access token carries its own client and scopes, an API key its label', () => {
  let issuer: JwtIssuer;
  let gw: TestGateway;

  beforeAll(async () => {
    issuer = await startJwtIssuer({
      audience: RESOURCE,
      scope: 'mcp files:read',
      metadataPath: '/.well-known/oauth-authorization-server',
    });
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      publicUrl: PUBLIC_URL,
      mcpAuthorization: { issuer: issuer.url, scopes: ['mcp'], subjects: { alice: 'alice', bob: 'bob' } },
    });
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
    await issuer?.close();
  });

  const callerOf = async (bearer: string) => {
    const request = new Request(RESOURCE, { method: 'POST', headers: { authorization: `Bearer ${bearer}` } });
    const caller = await authenticateEndpoint(gw.gateway.services, request);
    if (caller instanceof Response) throw new Error(`refused: ${caller.status} ${await caller.text()}`);
    return caller as EndpointCaller;
  };

  it('an access token: its client_id, its scopes and expiry, the user it maps to; never the token', async () => {
    const token = await issuer.sign();
    const { user, authInfo } = await callerOf(token);
    expect(user.id).toBe('alice');
    expect(authInfo).toMatchObject({
      clientId: 'app',
      scopes: ['mcp', 'files:read'],
      expiresAt: expect.any(Number),
      extra: { userId: 'alice' },
    });
    expect(authInfo.token).not.toBe(token);
    expect(authInfo.token).not.toBe('switchboard-api-key');
  });

  it('an access token naming its client in `azp` (OpenID Connect) only', async () => {
    const { authInfo } = await callerOf(await issuer.sign({ client_id: undefined, azp: 'web-app' }));
    expect(authInfo.clientId).toBe('web-app');
  });

  it('an API key keeps its label: the user as client, no scopes', async () => {
    const { user, authInfo } = await callerOf(KEYS.bob);
    expect(user.id).toBe('bob');
    expect(authInfo).toMatchObject({
      token: 'switchboard-api-key',
      clientId: 'bob',
      scopes: [],
      extra: { userId: 'bob' },
    });
  });

  it("a round's request state stays bound to the user, not to the OAuth client two users share", async () => {
    const codec = endpointRequestState(gw.gateway.services.requestStateKey);
    const alice = (await callerOf(await issuer.sign({ sub: 'alice' }))).authInfo;
    const bob = (await callerOf(await issuer.sign({ sub: 'bob' }))).authInfo;
    expect(bob.clientId).toBe(alice.clientId);
    const contextOf = (authInfo: typeof alice) => ({ http: { authInfo } }) as unknown as ServerContext;
    const state = await codec.mint({ call: 'c1' }, contextOf(alice));
    expect(await codec.verify(state, contextOf(alice))).toEqual({ call: 'c1' });
    await expect(codec.verify(state, contextOf(bob))).rejects.toThrow();
  });
});
