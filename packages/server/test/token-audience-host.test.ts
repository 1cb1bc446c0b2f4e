import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JwtIssuer, startJwtIssuer } from '../../core/test/support/jwt-issuer.ts';
import { queuedModel } from './support/queued-model.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

/** GETs `path` of the gateway with a `Host` header of the caller's choosing; resolves with the status. */
function getWithHost(gatewayUrl: string, path: string, host: string, token: string): Promise<number> {
  const { hostname, port } = new URL(gatewayUrl);
  return new Promise((resolve, reject) => {
    const sent = request(
      { hostname, port, path, method: 'GET', headers: { host, authorization: `Bearer ${token}` } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

/**
 * With no public URL configured, the audience an access token must carry is the address the
 * gateway listens on, not the `Host` a request names: a token the issuer minted for another service
 * is refused however the request names the host (else that service could replay its users' tokens).
 * The gateway here answers that service's host too (`allowedHosts`), so the audience alone refuses.
 */
describe('access-token audience without a configured public URL', () => {
  let issuer: JwtIssuer;
  let gw: TestGateway;
  const OTHER_SERVICE = 'other-service.example';

  beforeAll(async () => {
    issuer = await startJwtIssuer({
      audience: 'unused',
      metadataPath: '/.well-known/oauth-authorization-server',
    });
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      mcpAuthorization: { issuer: issuer.url, subjects: { 'alice-sso': 'alice' } },
      allowedHosts: [OTHER_SERVICE],
    });
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
    await issuer?.close();
  });

  it("refuses at the REST API a token for another service sent with that service's Host", async () => {
    const stolen = await issuer.sign({ sub: 'alice-sso', aud: `http://${OTHER_SERVICE}` });
    expect(await getWithHost(gw.url, '/conversations', OTHER_SERVICE, stolen)).toBe(401);
    const own = await issuer.sign({ sub: 'alice-sso', aud: gw.url });
    expect(await getWithHost(gw.url, '/conversations', OTHER_SERVICE, own)).toBe(200);
  });

  it("refuses at /mcp a token for another service's /mcp sent with that service's Host", async () => {
    const stolen = await issuer.sign({ sub: 'alice-sso', aud: `http://${OTHER_SERVICE}/mcp` });
    expect(await getWithHost(gw.url, '/mcp', OTHER_SERVICE, stolen)).toBe(401);
  });
});
