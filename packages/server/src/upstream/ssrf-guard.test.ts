import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkPublicUrl, createPublicOnlyFetch, ForbiddenUrlError } from './ssrf-guard.ts';

describe('the SSRF guard', () => {
  let server: Server;
  let port: number;
  let received: IncomingMessage[];

  beforeAll(async () => {
    server = createServer((request, response) => {
      received.push(request);
      if (request.url === '/elsewhere') {
        response.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end();
        return;
      }
      response.end('internal secrets');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  beforeEach(() => {
    received = [];
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses URLs of loopback and private hosts, other schemes and embedded credentials', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      'http://192.168.0.10/',
      'http://[fd00::1]/',
    ]) {
      await expect(checkPublicUrl(url), url).rejects.toBeInstanceOf(ForbiddenUrlError);
    }
    await expect(checkPublicUrl('file:///etc/passwd')).rejects.toThrow(/only http and https/);
    await expect(checkPublicUrl('https://user:pw@93.184.216.34/')).rejects.toThrow(/credentials/);
    await expect(checkPublicUrl('not a url')).rejects.toThrow(/not a valid URL/);
    expect((await checkPublicUrl('https://93.184.216.34/mcp')).host).toBe('93.184.216.34');
  });

  it.each([
    ['http://[::7f00:1]/mcp', /\[::7f00:1\] is an IPv4-compatible IPv6 address \(::\/96/],
    ['http://[::127.0.0.1]/mcp', /\[::7f00:1\] is an IPv4-compatible/],
    ['http://[64:ff9b::a9fe:a9fe]/', /is a NAT64 address/],
    ['http://[64:ff9b::169.254.169.254]/', /is a NAT64 address/],
    ['http://[64:ff9b:1::a9fe:a9fe]/', /is a NAT64 address/],
    ['http://[fec0::1]/', /is a site-local address \(fec0::\/10/],
    ['http://[::ffff:169.254.169.254]/', /is an IPv4-mapped IPv6 address/],
    ['http://[2002:a9fe:a9fe::1]/', /is a 6to4 address/],
    ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', /is a Teredo address/],
    ['http://0x7f.1/', /127\.0\.0\.1 is a loopback address/],
    ['http://2852039166/latest/meta-data/', /169\.254\.169\.254 is a link-local address/],
  ])('refuses to register %s, saying which range it is in', async (url, message) => {
    const refusal = checkPublicUrl(url);
    await expect(refusal).rejects.toBeInstanceOf(ForbiddenUrlError);
    await expect(refusal).rejects.toThrow(message);
  });

  it('lets a trusted origin through, and only that exact origin', async () => {
    const trustedOrigins = [`http://127.0.0.1:${port}`];
    expect((await checkPublicUrl(`http://127.0.0.1:${port}/mcp`, { trustedOrigins })).port).toBe(
      String(port),
    );
    await expect(checkPublicUrl(`http://127.0.0.1:${port + 1}/`, { trustedOrigins })).rejects.toThrow(
      /loopback/,
    );
    await expect(checkPublicUrl(`http://localhost:${port}/`, { trustedOrigins })).rejects.toThrow(/loopback/);
  });

  it('refuses, when connecting, literal addresses and names that lead to private networks', async () => {
    const guarded = createPublicOnlyFetch();
    try {
      const literal = guarded.fetch(`http://127.0.0.1:${port}/secret?x=1`);
      await expect(literal).rejects.toBeInstanceOf(ForbiddenUrlError);
      await expect(literal).rejects.toThrow(
        `refused to reach http://127.0.0.1:${port}/secret: 127.0.0.1 is a loopback address`,
      );
      const byName = guarded.fetch(`http://localhost:${port}/secret`);
      await expect(byName).rejects.toBeInstanceOf(ForbiddenUrlError);
      await expect(byName).rejects.toThrow(/localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
      await expect(guarded.fetch(`http://[::ffff:127.0.0.1]:${port}/secret`)).rejects.toThrow(/IPv4-mapped/);
      expect(received).toEqual([]);
    } finally {
      await guarded.close();
    }
  });

  it('reaches a trusted origin, refuses its redirects and every other origin of the host', async () => {
    const guarded = createPublicOnlyFetch({ trustedOrigins: [`http://127.0.0.1:${port}`] });
    try {
      expect(await (await guarded.fetch(`http://127.0.0.1:${port}/`)).text()).toBe('internal secrets');
      await expect(guarded.fetch(`http://127.0.0.1:${port}/elsewhere`)).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/^redirected to .* while redirect is "error"$/) },
      });
      const byHand = await guarded.fetch(`http://127.0.0.1:${port}/elsewhere`, { redirect: 'manual' });
      expect(byHand.status).toBe(302);
      await expect(guarded.fetch(`http://localhost:${port}/`)).rejects.toBeInstanceOf(ForbiddenUrlError);
      expect(received.map((request) => request.url)).toEqual(['/', '/elsewhere', '/elsewhere']);
    } finally {
      await guarded.close();
    }
  });
});
