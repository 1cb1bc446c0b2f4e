import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalculatorStorage } from '../src/calculator-storage/start-calculator-storage.ts';
import { type HttpServing, serveHttp } from '../src/launcher/serve-http.ts';
import type { ShippedServer } from '../src/shipped-server.ts';
import { startShop } from '../src/shop/start-shop.ts';

/** Connects a real MCP client over Streamable HTTP, optionally with a bearer token. */
async function connect(url: string, token?: string): Promise<Client> {
  const client = new Client({ name: 'http-test', version: '0.0.0' });
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

function text(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as { type: string; text: string }[])[0].text;
}

/** Sends a raw request and resolves with the status code. */
function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end('{}');
  });
}

describe('Streamable HTTP transport', () => {
  let dataDir: string;
  let calculator: ShippedServer;
  let shop: ShippedServer;
  let calculatorHttp: HttpServing;
  let shopHttp: HttpServing;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shop-http-'));
    calculator = await startCalculatorStorage();
    shop = await startShop({ dataDir });
    calculatorHttp = await serveHttp(calculator.createServer, { port: 0 });
    shopHttp = await serveHttp(shop.createServer, {
      port: 0,
      // A stand-in for a gateway's token check: the token names the user.
      authenticate: (req) => {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        return token ? { token, clientId: 'test', scopes: [], extra: { userId: token } } : undefined;
      },
    });
  });
  afterAll(async () => {
    await calculatorHttp.close();
    await shopHttp.close();
    await calculator.close();
    await shop.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves on a loopback port at /mcp', () => {
    expect(calculatorHttp.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it('calls tools and reads resources, with state shared across requests and clients', async () => {
    const client = await connect(calculatorHttp.url);
    expect(client.getServerVersion()?.name).toBe('calculator-storage');
    expect(
      text(await client.callTool({ name: 'calculate', arguments: { operation: 'add', a: 5, b: 3 } })),
    ).toBe('8');
    await client.callTool({ name: 'set-storage', arguments: { key: 'greeting', value: 'hello' } });
    await client.close();

    const other = await connect(calculatorHttp.url);
    expect(text(await other.callTool({ name: 'get-storage', arguments: { key: 'greeting' } }))).toBe('hello');
    const read = await other.readResource({ uri: 'storage://greeting' });
    expect(read.contents[0]).toMatchObject({ text: 'hello' });
    const { resourceTemplates } = await other.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toContain('storage://{key}');
    await other.close();
  });

  it('keys carts on the authenticated user, whatever user argument the model passes', async () => {
    const alice = await connect(shopHttp.url, 'alice');
    const bob = await connect(shopHttp.url, 'bob');
    const search = JSON.parse(
      text(await alice.callTool({ name: 'search_products', arguments: { query: 'milk' } })),
    );
    await alice.callTool({ name: 'add_to_cart', arguments: { code: search.products[0].code } });
    await bob.callTool({ name: 'add_to_cart', arguments: { code: 'BAK-001', user: 'alice' } });

    const aliceCart = JSON.parse(text(await alice.callTool({ name: 'get_cart', arguments: {} })));
    const bobCart = JSON.parse(text(await bob.callTool({ name: 'get_cart', arguments: { user: 'alice' } })));
    expect(aliceCart).toMatchObject({ user: 'alice', items: [{ name: 'Full Cream Milk 1L' }] });
    expect(bobCart).toMatchObject({ user: 'bob', items: [{ name: 'Sourdough Bread' }] });

    const placed = await alice.callTool({ name: 'checkout', arguments: { user: 'nobody' } });
    expect(JSON.parse(text(placed)).order).toMatchObject({ user: 'alice' });
    const again = await alice.callTool({ name: 'checkout', arguments: {} });
    expect(again.isError).toBe(true);
    expect(text(again)).toMatch(/cart is empty/);
    await alice.close();
    await bob.close();
  });

  it('answers 404 off the endpoint path and 403 to a foreign Host header', async () => {
    const base = new URL(calculatorHttp.url);
    const json = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    expect(await statusOf(new URL('/other', base).href, json)).toBe(404);
    expect(await statusOf(calculatorHttp.url, { ...json, host: 'evil.example' })).toBe(403);
  });
});
