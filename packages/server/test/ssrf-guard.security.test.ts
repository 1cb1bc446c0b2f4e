import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedModel } from './support/queued-model.ts';
import {
  type RecordingListener,
  type SteeredUrl,
  type SteeringOAuthServer,
  startRecordingListener,
  startSteeringOAuthServer,
} from './support/steering-oauth-server.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

/**
 * Finding 9 of the security review, and the class behind it: a user may register servers only on
 * the public internet (`allowPrivateNetworks: false`), and every request the gateway then makes for
 * such a server, to its URL or to one its documents name, is refused when it would reach anything
 * else. The malicious servers here run on loopback, so the gateway trusts their exact origins
 * (`trustedServerOrigins`) as it would a public server's; the internal service they aim at is a
 * listener on another loopback port, which must never receive a request.
 */
describe('users and their servers cannot steer the gateway at private addresses (SSRF)', () => {
  let gw: TestGateway;
  let internal: RecordingListener;
  const steering = new Map<SteeredUrl, SteeringOAuthServer>();
  const STEERED: SteeredUrl[] = [
    'resource_metadata',
    'authorization_servers',
    'registration_endpoint',
    'token_endpoint',
    'revocation_endpoint',
  ];

  /** A server that names its own authorization server until the user connected, then a private one. */
  let moving: SteeringOAuthServer;

  beforeAll(async () => {
    internal = await startRecordingListener();
    for (const url of STEERED) steering.set(url, await startSteeringOAuthServer(url, internal.url));
    moving = await startSteeringOAuthServer('authorization_servers', internal.url, { steerLater: true });
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      secretKey: randomBytes(32),
      allowPrivateNetworks: false,
      trustedServerOrigins: [...steering.values(), moving].map((server) => server.origin),
    });
  });
  afterAll(async () => {
    await gw?.close();
    for (const server of steering.values()) await server.close();
    await moving?.close();
    await internal?.close();
  });

  /** Alice registers the server steering `url` as an OAuth server; resolves with its id. */
  const register = async (url: SteeredUrl) => {
    const registered = await gw.alice.post('/servers', {
      name: `steers-${url.replaceAll('_', '-')}`,
      url: steering.get(url)?.url,
      oauth: {},
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    return registered.body.id as string;
  };

  /** Alice's browser starts connecting the server; resolves with the authorize answer and the browser's cookies. */
  const authorize = async (serverId: string) => {
    const started = await gw.alice.request('POST', `/servers/${serverId}/authorize`, undefined, {
      'sec-fetch-mode': 'cors',
    });
    const cookies = started.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    return { started, cookies };
  };

  /** The authorization server sends Alice's browser back with a code; resolves with the callback page. */
  const callBack = async (authorizationUrl: string, cookies: string) => {
    const state = new URL(authorizationUrl).searchParams.get('state') ?? '';
    const page = await fetch(`${gw.url}/oauth/callback?code=steered-code&state=${state}`, {
      headers: { cookie: cookies },
      redirect: 'manual',
    });
    return { status: page.status, text: await page.text() };
  };

  it.each([
    ['[::7f00:1]', 'an IPv4-compatible IPv6 address (::/96'],
    ['[::127.0.0.1]', 'an IPv4-compatible IPv6 address (::/96'],
    ['[64:ff9b::a9fe:a9fe]', 'a NAT64 address'],
    ['[64:ff9b:1::a9fe:a9fe]', 'a NAT64 address'],
    ['[fec0::1]', 'a site-local address (fec0::/10'],
    ['[2002:a9fe:a9fe::1]', 'a 6to4 address (2002::/16)'],
    ['[2001:0:4136:e378:8000:63bf:3fff:fdd2]', 'a Teredo address (2001::/32)'],
    ['[::ffff:0:a9fe:a9fe]', 'an IPv4-translated IPv6 address'],
  ])('refuses to register a server at %s, naming the range', async (host, range) => {
    const name = `internal-${host.replace(/\W+/g, '-').replace(/^-|-$/g, '')}`;
    const refused = await gw.alice.post('/servers', { name, url: `http://${host}/mcp` });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden_url');
    expect(refused.body.error.message).toContain(range);
    expect(refused.body.error.message).toContain('must be on the public internet');
  });

  it.each(['resource_metadata', 'authorization_servers', 'registration_endpoint'] as const)(
    'does not fetch the %s a server names on a private address, and says why',
    async (url) => {
      const { started } = await authorize(await register(url));
      expect(started.status).toBe(502);
      expect(started.body.error.message).toMatch(
        /refused to reach http:\/\/127\.0\.0\.1:\d+\/\S*: 127\.0\.0\.1 is a loopback address/,
      );
      expect(internal.received).toEqual([]);
    },
  );

  it('refuses the token request to a private token_endpoint the authorization server names', async () => {
    const { started, cookies } = await authorize(await register('token_endpoint'));
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const page = await callBack(started.body.authorization_url, cookies);
    expect(page.status).toBe(400);
    expect(page.text).toMatch(
      /refused to reach http:\/\/127\.0\.0\.1:\d+\/token: 127\.0\.0\.1 is a loopback address/,
    );
    expect(internal.received).toEqual([]);
  });

  it('reads the metadata again when a connected server moves to another authorization server, and refuses a private one (SEP-2352)', async () => {
    const registered = await gw.alice.post('/servers', { name: 'moving', url: moving.url, oauth: {} });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const serverId = registered.body.id as string;
    const first = await authorize(serverId);
    expect(first.started.status, JSON.stringify(first.started.body)).toBe(200);
    expect((await callBack(first.started.body.authorization_url, first.cookies)).text).toContain(
      'is connected',
    );

    moving.steer();
    const call = await gw.alice.post(`/servers/${serverId}/tools/call`, { name: 'anything', arguments: {} });
    expect(call.status).toBeGreaterThanOrEqual(400);
    const again = await authorize(serverId);
    expect(again.started.status).toBe(502);
    expect(again.started.body.error.message).toMatch(
      /refused to reach http:\/\/127\.0\.0\.1:\d+\/\S*: 127\.0\.0\.1 is a loopback address/,
    );
    expect(internal.received).toEqual([]);
  });

  it('does not send the revocation a private revocation_endpoint asks for when the user disconnects', async () => {
    const serverId = await register('revocation_endpoint');
    const { started, cookies } = await authorize(serverId);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect((await callBack(started.body.authorization_url, cookies)).text).toContain('is connected');
    const disconnected = await gw.alice.delete(`/servers/${serverId}/authorization`);
    expect(disconnected.status).toBe(200);
    expect(disconnected.body).toEqual({ success: true, revoked: false });
    expect(internal.received).toEqual([]);
  });
});
