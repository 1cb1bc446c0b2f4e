import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configuredMcpAuthorization } from '../src/config/switchboard-config.ts';
import { queuedModel } from './support/queued-model.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

/**
 * `GET /auth/sign-in-config` tells the web app where to sign a person in (issuer, the app's public
 * client id, scopes, the API's resource), before it has any credential, and nothing else.
 */
describe('web sign-in configuration (mcpAuthorization.webSignIn)', () => {
  const issuer = 'http://127.0.0.1:9';
  let withSignIn: TestGateway;
  let without: TestGateway;

  beforeAll(async () => {
    [withSignIn, without] = await Promise.all([
      startTestGateway('pglite', {
        model: queuedModel(),
        mcpAuthorization: {
          issuer,
          scopes: ['mcp'],
          subjects: { 'alice-sso': 'alice' },
          webSignIn: { clientId: 'switchboard-web', scopes: ['openid', 'mcp'] },
        },
      }),
      startTestGateway('pglite', { model: queuedModel(), mcpAuthorization: { issuer } }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await withSignIn?.close();
    await without?.close();
  });

  it('answers without a credential, at / and /api, with exactly the issuer, client id, scopes and resource', async () => {
    for (const path of ['/auth/sign-in-config', '/api/auth/sign-in-config']) {
      const response = await fetch(`${withSignIn.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({
        issuer,
        client_id: 'switchboard-web',
        scopes: ['mcp', 'openid'],
        resource: withSignIn.url,
      });
    }
  });

  it('is 204 (no sign-in, not an error) on a gateway without webSignIn, and is documented in /openapi.json as unauthenticated', async () => {
    const response = await fetch(`${without.url}/auth/sign-in-config`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    const document = (await (await fetch(`${withSignIn.url}/openapi.json`)).json()) as {
      paths: Record<string, { get?: { security?: unknown[] } }>;
    };
    expect(document.paths['/auth/sign-in-config']?.get?.security).toEqual([]);
  });

  it('is validated in the configuration, and a client secret is refused (the app is a public client)', () => {
    const config = (webSignIn: unknown) => ({ mcpAuthorization: { issuer, webSignIn } }) as never;
    expect(configuredMcpAuthorization(config({ clientId: 'web' }))).toEqual({
      issuer,
      webSignIn: { clientId: 'web' },
    });
    expect(() => configuredMcpAuthorization(config({ clientId: 'web', clientSecret: 's' }))).toThrow(
      /webSignIn has unknown keys: clientSecret .*public client has no secret/,
    );
    expect(() => configuredMcpAuthorization(config({}))).toThrow(
      /webSignIn.clientId must be a non-empty string/,
    );
    expect(() => configuredMcpAuthorization(config('web'))).toThrow(/webSignIn must be/);
    expect(() => configuredMcpAuthorization(config({ clientId: 'web', scopes: ['a b'] }))).toThrow(
      /webSignIn.scopes must be a list of scope names/,
    );
  });
});
