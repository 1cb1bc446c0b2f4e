import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../src/index.ts';
import { createLogger } from '../src/observability/create-logger.ts';
import { cookiesOf } from './support/http-client.ts';
import { freshPgliteDataDir } from './support/pglite-template.ts';
import { queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';

/** A raw request with the headers of the caller's choosing (fetch would not let a test set `Host`). */
function send(
  url: string,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const sent = request({ hostname, port, path, method, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
      );
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/**
 * Finding 1 of the security review: on a gateway without users every REST caller was the local
 * administrator and only `/mcp` checked `Host`/`Origin`, so a web page could use DNS rebinding to
 * register a stdio server running `sh -c …`. Now every route checks the request's source, an open
 * gateway answers only the holder of its per-install token, and commands are not registered
 * through the API unless the configuration allows it.
 */
describe('a web page cannot drive an open gateway (DNS rebinding, cross-site requests)', () => {
  let gateway: Gateway;
  let url: string;
  let dir: string;
  let marker: string;
  const TOKEN = 'local-token-for-tests-0123456789abcdef';
  const shell = () => JSON.stringify({ name: 'pwned', command: '/bin/sh', args: ['-c', `touch ${marker}`] });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'switchboard-reach-'));
    marker = join(dir, 'ran');
    gateway = await createGateway({
      model: queuedModel(),
      database: { dataDir: await freshPgliteDataDir({ target: join(dir, 'db') }) },
      openAccess: true,
      localToken: TOKEN,
      logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    });
    url = await gateway.listen(0);
  });
  afterAll(async () => {
    await gateway?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a rebinding host on every route, the admin API and /mcp included, and runs nothing', async () => {
    const port = new URL(url).port;
    const rebound = { host: `rebind.attacker.example:${port}` };
    const registration = await send(url, '/servers', {
      method: 'POST',
      headers: { ...rebound, 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: shell(),
    });
    expect(registration.status).toBe(403);
    expect(JSON.parse(registration.text).error.code).toBe('forbidden_host');
    for (const path of [
      '/servers',
      '/conversations',
      '/users',
      '/me',
      '/mcp',
      '/openapi.json',
      '/config.json',
    ])
      expect((await send(url, path, { headers: rebound })).status, path).toBe(403);
    // Probes address replicas by IP: /health answers any host, and says nothing else.
    expect((await send(url, '/health', { headers: rebound })).status).toBe(200);
    expect(existsSync(marker)).toBe(false);
  });

  it('answers on loopback only the holder of the token, whether a bearer or the cookie its link sets', async () => {
    expect((await fetch(`${url}/servers`)).status).toBe(401);
    expect((await fetch(`${url}/mcp`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${url}/servers`, { headers: { authorization: 'Bearer guess' } })).status).toBe(401);
    expect((await fetch(`${url}/servers`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
      200,
    );

    const wrong = await fetch(`${url}/?token=guess`, {
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const link = await fetch(`${url}/c/1?token=${TOKEN}`, { redirect: 'manual' });
    expect(link.status).toBe(303);
    expect(link.headers.get('location')).toBe('/c/1');
    const [cookie] = link.headers.getSetCookie();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const jar = cookiesOf(link.headers);
    expect((await fetch(`${url}/me`, { headers: { cookie: jar } })).status).toBe(200);
    // A page of another site, or of another port of this machine, is refused even with the cookie.
    for (const origin of ['http://attacker.example', 'http://127.0.0.1:3000', 'null']) {
      const posted = await fetch(`${url}/conversations`, {
        method: 'POST',
        headers: { cookie: jar, origin, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(posted.status, origin).toBe(403);
    }
    const ownPage = await fetch(`${url}/conversations`, {
      method: 'POST',
      headers: { cookie: jar, origin: url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(ownPage.status).toBe(201);
  });

  it('refuses no-cors requests another site makes (script or image tags carry no Origin), but not navigations', async () => {
    const crossSite = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' };
    expect((await send(url, '/conversations', { headers: crossSite })).status).toBe(403);
    const sameSite = { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors' };
    expect((await send(url, '/conversations', { headers: sameSite })).status).toBe(403);
    const navigation = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' };
    expect((await send(url, '/oauth/callback?state=x', { headers: navigation })).status).not.toBe(403);
  });

  it('does not register a stdio server through the API unless the configuration allows it, token or not', async () => {
    const registration = await fetch(`${url}/servers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: shell(),
    });
    expect(registration.status).toBe(403);
    expect((await registration.json()).error.code).toBe('commands_disabled');
    expect(existsSync(marker)).toBe(false);
  });

  it('cannot be told to answer any host while it has no users', async () => {
    await expect(
      createGateway({ model: queuedModel(), openAccess: true, allowedHosts: ['*'] }),
    ).rejects.toThrow(/needs users/);
  });
});

/** With users, the same source checks hold: a page's cross-site request is refused before authentication. */
describe('a gateway with users refuses other sites and other hosts', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway('pglite', { model: queuedModel(), publicUrl: 'https://switchboard.example' });
  });
  afterAll(() => gw?.close());

  it('answers its public host and loopback, refuses other hosts and origins', async () => {
    const key = { authorization: `Bearer ${KEYS.alice}` };
    expect((await send(gw.url, '/me', { headers: { ...key, host: 'switchboard.example' } })).status).toBe(
      200,
    );
    expect((await send(gw.url, '/me', { headers: { ...key, host: 'other.example' } })).status).toBe(403);
    const fromPublicApp = { ...key, origin: 'https://switchboard.example' };
    expect((await send(gw.url, '/me', { headers: fromPublicApp })).status).toBe(200);
    const fromElsewhere = { ...key, origin: 'https://switchboard.example.attacker.test' };
    expect((await send(gw.url, '/me', { headers: fromElsewhere })).status).toBe(403);
  });
});
