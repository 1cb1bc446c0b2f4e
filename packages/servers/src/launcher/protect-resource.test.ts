import type { AuthInfo } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JwtIssuer, startJwtIssuer } from '../../../core/test/support/jwt-issuer.ts';
import { type ProtectedResource, protectResource } from './protect-resource.ts';

const RESOURCE = 'http://127.0.0.1:9/mcp';
const METADATA_URL = 'http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp';

describe('protectResource', () => {
  let authorizationServer: JwtIssuer;
  let issuer: string;
  let seen: AuthInfo | undefined;
  let resource: ProtectedResource;

  beforeAll(async () => {
    authorizationServer = await startJwtIssuer({
      audience: RESOURCE,
      metadataPath: '/.well-known/oauth-authorization-server',
      metadata: (url) => ({
        authorization_endpoint: `${url}/authorize`,
        token_endpoint: `${url}/token`,
        response_types_supported: ['code'],
      }),
    });
    issuer = authorizationServer.url;
    const handler = {
      fetch: async (_request: Request, options?: { authInfo?: AuthInfo }) => {
        seen = options?.authInfo;
        return new Response('served');
      },
    };
    resource = protectResource(handler, {
      issuer,
      resource: RESOURCE,
      requiredScopes: ['mcp'],
      toolScopes: { checkout: ['shop:checkout'] },
    });
  });
  afterAll(() => authorizationServer.close());

  const token: JwtIssuer['sign'] = (...args) => authorizationServer.sign(...args);

  function call(bearer: string | undefined, tool = 'search_products'): Promise<Response> {
    return resource.fetch(
      new Request(RESOURCE, {
        method: 'POST',
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool } }),
      }),
    );
  }

  it('serves the protected-resource metadata (RFC 9728) at the path-aware well-known URL', async () => {
    expect(resource.documentPaths.has('/.well-known/oauth-protected-resource/mcp')).toBe(true);
    const response = await resource.fetch(new Request(METADATA_URL));
    expect(await response.json()).toMatchObject({
      resource: RESOURCE,
      authorization_servers: [issuer],
      scopes_supported: ['mcp', 'shop:checkout'],
    });
  });

  it('passes a valid token on, with the user as extra.sub', async () => {
    const response = await call(await token());
    expect(await response.text()).toBe('served');
    expect(seen).toMatchObject({ clientId: 'app', scopes: ['mcp'], extra: { sub: 'alice' } });
  });

  it('answers a missing token with 401 naming the metadata and the scope', async () => {
    const response = await call(undefined);
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate');
    expect(challenge).toContain(`resource_metadata="${METADATA_URL}"`);
    expect(challenge).toContain('scope="mcp"');
  });

  it.each([
    ['another audience', { aud: 'http://127.0.0.1:9/other' }, 'issued for another resource'],
    ['another issuer', { iss: 'http://127.0.0.1:1' }, 'issued by another authorization server'],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 60 }, 'has expired'],
  ])('refuses %s with 401 invalid_token', async (_case, claims, reason) => {
    const response = await call(await token(claims));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(
      new RegExp(`error="invalid_token", error_description="[^"]*${reason}`),
    );
  });

  it('refuses a JWT that is not an access token (typ), one without client_id, and one that is not a JWT', async () => {
    const idToken = await call(await token({}, 'JWT'));
    expect(idToken.status).toBe(401);
    expect(idToken.headers.get('www-authenticate')).toContain(
      'error_description="The access token is not a JWT access token (RFC 9068: typ at+jwt)"',
    );
    const clientless = await call(await token({ client_id: undefined }));
    expect(clientless.status).toBe(401);
    expect(clientless.headers.get('www-authenticate')).toContain('invalid \\"client_id\\" claim');
    expect((await call('opaque-token')).status).toBe(401);
  });

  it('answers a token without a required scope with 403 insufficient_scope', async () => {
    const response = await call(await token({ scope: 'other' }));
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toMatch(/error="insufficient_scope".*scope="mcp"/);
  });

  it("answers a call to a tool needing more scope with 403 naming the tool's scopes (step-up)", async () => {
    const response = await call(await token(), 'checkout');
    expect(response.status).toBe(403);
    const challenge = response.headers.get('www-authenticate');
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="mcp shop:checkout"');
    expect(challenge).toContain(`resource_metadata="${METADATA_URL}"`);
    expect((await call(await token({ scope: 'mcp shop:checkout' }), 'checkout')).status).toBe(200);
  });

  it('answers 500 server_error, not invalid_token, when the authorization server cannot be reached', async () => {
    const orphan = protectResource(
      { fetch: async () => new Response('served') },
      {
        issuer: 'http://127.0.0.1:1',
        resource: RESOURCE,
      },
    );
    const response = await orphan.fetch(
      new Request(RESOURCE, { headers: { authorization: 'Bearer x.y.z' } }),
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: 'server_error' });
  });
});
