import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPublicUrl, createPublicOnlyFetch, ForbiddenUrlError } from './ssrf-guard.ts';

describe('the SSRF guard', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((_request, response) => response.end('internal secrets'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
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

  it('refuses, at connection time, names and addresses that lead to private networks', async () => {
    const guarded = createPublicOnlyFetch();
    try {
      await expect(guarded.fetch(`http://127.0.0.1:${port}/`)).rejects.toBeInstanceOf(ForbiddenUrlError);
      const byName = await guarded.fetch(`http://localhost:${port}/`).then(
        () => 'reached',
        (error: Error) => `${error.message} ${String((error.cause as Error | undefined)?.message)}`,
      );
      expect(byName).toMatch(/private or loopback|resolves to/);
      expect(byName).not.toBe('reached');
    } finally {
      await guarded.close();
    }
  });
});
