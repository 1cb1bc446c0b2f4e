import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalculatorStorage } from '../calculator-storage/start-calculator-storage.ts';
import type { ShippedServer } from '../shipped-server.ts';
import { type HttpServing, serveHttp } from './serve-http.ts';

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '0' } },
});

/** POSTs an initialize request with the given Host and (optional) Origin; resolves with the status. */
function initializeStatus(url: string, host: string, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = {
      host,
      ...(origin ? { origin } : {}),
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    const req = request(url, { method: 'POST', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(INITIALIZE);
  });
}

describe('serveHttp on loopback (DNS-rebinding protection)', () => {
  let shipped: ShippedServer;
  let serving: HttpServing;
  let port: string;

  beforeAll(async () => {
    shipped = await startCalculatorStorage();
    serving = await serveHttp(shipped.createServer);
    port = new URL(serving.url).port;
  });
  afterAll(async () => {
    await serving.close();
    await shipped.close();
  });

  it('refuses a foreign Host with 403', async () => {
    expect(await initializeStatus(serving.url, 'evil.example', 'http://evil.example')).toBe(403);
  });

  it('refuses a foreign Origin with 403 even when the Host is loopback', async () => {
    expect(await initializeStatus(serving.url, `127.0.0.1:${port}`, 'http://evil.example')).toBe(403);
  });

  it('serves localhost names, with or without a localhost Origin', async () => {
    expect(await initializeStatus(serving.url, `127.0.0.1:${port}`)).toBe(200);
    expect(await initializeStatus(serving.url, `localhost:${port}`, `http://localhost:${port}`)).toBe(200);
    expect(await initializeStatus(serving.url, `127.0.0.1:${port}`, 'http://localhost:5173')).toBe(200);
  });
});
