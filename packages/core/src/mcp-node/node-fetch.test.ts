import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFetch, type NodeFetch } from './node-fetch.ts';

/** A loopback server with one route per behavior. */
interface TestServer {
  base: string;
  /** Lets the `/sse` route send its second event. */
  releaseSse: () => void;
  server: Server;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

async function startServer(): Promise<TestServer> {
  let release: () => void = () => {};
  const state: TestServer = {
    base: '',
    releaseSse: () => release(),
    server: createServer(),
  };
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void | Promise<void>> = {
    '/json': (_req, res) => {
      res.writeHead(201, 'Made It', {
        'content-type': 'application/json; charset=utf-8',
        'set-cookie': ['a=1', 'b=2'],
        'x-custom': 'yes',
      });
      res.end(JSON.stringify({ ok: true, text: 'héllo' }));
    },
    '/echo': async (req, res) => {
      const body = await readBody(req);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          headers: req.headers,
          body,
          port: req.socket.remotePort,
        }),
      );
    },
    '/missing': (_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no such thing');
    },
    '/empty': (_req, res) => {
      res.writeHead(204).end();
    },
    '/sse': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: one\n\n');
      release = () => res.end('data: two\n\n');
    },
    '/hang': () => {},
    '/redirect-303': (_req, res) => {
      res.writeHead(303, { location: '/echo' }).end();
    },
    '/redirect-307': (_req, res) => {
      res.writeHead(307, { location: '/echo' }).end();
    },
    '/redirect-away': (_req, res) => {
      res.writeHead(302, { location: `${state.base.replace('127.0.0.1', 'localhost')}/echo` }).end();
    },
    '/redirect-loop': (_req, res) => {
      res.writeHead(302, { location: '/redirect-loop' }).end();
    },
  };
  state.server.on('request', (req, res) => {
    const route = routes[(req.url ?? '/').split('?')[0]];
    if (route) void route(req, res);
    else res.writeHead(500).end();
  });
  state.server.listen(0, '127.0.0.1');
  await once(state.server, 'listening');
  state.base = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  return state;
}

describe('createNodeFetch', () => {
  let server: TestServer;
  let fetchNode: NodeFetch;
  beforeAll(async () => {
    server = await startServer();
    fetchNode = createNodeFetch();
  });
  afterAll(async () => {
    await fetchNode.close();
    server.server.closeAllConnections();
    server.server.close();
  });

  it('returns status, status text, headers (repeated ones too), URL and a JSON body', async () => {
    const response = await fetchNode(`${server.base}/json`);
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.statusText).toBe('Made It');
    expect(response.ok).toBe(true);
    expect(response.url).toBe(`${server.base}/json`);
    expect(response.redirected).toBe(false);
    expect(response.headers.get('x-custom')).toBe('yes');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.json()).toEqual({ ok: true, text: 'héllo' });
  });

  it('sends method, headers and string bodies; other bodies get their standard content type', async () => {
    const response = await fetchNode(new URL(`${server.base}/echo?x=1`), {
      method: 'post',
      headers: new Headers({
        'content-type': 'application/json',
        'x-api-key': 'secret',
        accept: 'text/plain',
      }),
      body: '{"jsonrpc":"2.0"}',
    });
    const echo = await response.json();
    expect(echo).toMatchObject({ method: 'POST', url: '/echo?x=1', body: '{"jsonrpc":"2.0"}' });
    expect(echo.headers).toMatchObject({
      'content-type': 'application/json',
      'x-api-key': 'secret',
      accept: 'text/plain',
    });

    const form = await (
      await fetchNode(`${server.base}/echo`, {
        method: 'POST',
        body: new URLSearchParams({ a: '1', b: 'x y' }),
      })
    ).json();
    expect(form.body).toBe('a=1&b=x+y');
    expect(form.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');

    const bytes = await (
      await fetchNode(`${server.base}/echo`, { method: 'PUT', body: new TextEncoder().encode('raw bytes') })
    ).json();
    expect(bytes).toMatchObject({ method: 'PUT', body: 'raw bytes' });
    expect(bytes.headers.accept).toBe('*/*');

    const streamed = await (
      await fetchNode(`${server.base}/echo`, {
        method: 'POST',
        body: new Blob(['part one, ', 'part two']).stream(),
        duplex: 'half',
      } as RequestInit)
    ).json();
    expect(streamed.body).toBe('part one, part two');
  });

  it('passes error statuses through with their body, and gives no body where the status has none', async () => {
    const missing = await fetchNode(`${server.base}/missing`);
    expect(missing.status).toBe(404);
    expect(missing.ok).toBe(false);
    expect(await missing.text()).toBe('no such thing');
    const empty = await fetchNode(`${server.base}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    const head = await fetchNode(`${server.base}/json`, { method: 'HEAD' });
    expect(head.status).toBe(201);
    expect(head.body).toBeNull();
  });

  it('streams an SSE body as it arrives', async () => {
    const response = await fetchNode(`${server.base}/sse`);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let seen = '';
    while (!seen.includes('data: one')) seen += decoder.decode((await reader.read()).value, { stream: true });
    // The second event is only written after the first one was read here.
    server.releaseSse();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      seen += decoder.decode(chunk.value, { stream: true });
    }
    expect(seen).toBe('data: one\n\ndata: two\n\n');
  });

  it('rejects with the signal reason when aborted before, while waiting and while streaming', async () => {
    const before = new AbortController();
    before.abort(new Error('not even started'));
    await expect(fetchNode(`${server.base}/json`, { signal: before.signal })).rejects.toThrow(
      'not even started',
    );

    const waiting = new AbortController();
    const pending = fetchNode(`${server.base}/hang`, { signal: waiting.signal });
    setTimeout(() => waiting.abort(new Error('gave up waiting')), 20);
    await expect(pending).rejects.toThrow('gave up waiting');

    const streaming = new AbortController();
    const response = await fetchNode(`${server.base}/sse`, { signal: streaming.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    streaming.abort(new Error('stopped reading'));
    await expect(reader.read()).rejects.toThrow('stopped reading');
  });

  it('reuses keep-alive connections for sequential requests', async () => {
    const own = createNodeFetch();
    const sockets = new Map<number, number>();
    for (let request = 0; request < 10; request++) {
      const { port } = await (
        await own(`${server.base}/echo`, { method: 'POST', body: `${request}` })
      ).json();
      sockets.set(port, (sockets.get(port) ?? 0) + 1);
    }
    // undici frees a connection a tick after its response ended, so back-to-back calls may alternate a few.
    expect(sockets.size).toBeLessThanOrEqual(3);
    expect(Math.max(...sockets.values())).toBeGreaterThanOrEqual(3);
    await own.close();
    await expect(own(`${server.base}/json`)).rejects.toThrow(TypeError);
  });

  it('follows redirects as fetch does, or hands them back with redirect: manual, or fails with redirect: error', async () => {
    const seeOther = await fetchNode(`${server.base}/redirect-303`, { method: 'POST', body: 'dropped' });
    expect(seeOther.redirected).toBe(true);
    expect(seeOther.url).toBe(`${server.base}/echo`);
    expect(await seeOther.json()).toMatchObject({ method: 'GET', body: '' });

    const temporary = await fetchNode(`${server.base}/redirect-307`, { method: 'POST', body: 'kept' });
    expect(await temporary.json()).toMatchObject({ method: 'POST', body: 'kept' });

    const away = await fetchNode(`${server.base}/redirect-away`, { headers: { authorization: 'Bearer t' } });
    expect((await away.json()).headers.authorization).toBeUndefined();

    const manual = await fetchNode(`${server.base}/redirect-303`, { redirect: 'manual' });
    expect(manual.status).toBe(303);
    expect(manual.headers.get('location')).toBe('/echo');

    const streamed = await fetchNode(`${server.base}/redirect-307`, {
      method: 'POST',
      body: new Blob(['once']).stream(),
      duplex: 'half',
    } as RequestInit).catch((error) => error);
    expect(streamed).toBeInstanceOf(TypeError);
    expect(streamed.cause.message).toContain('the request body was a stream');

    await expect(fetchNode(`${server.base}/redirect-303`, { redirect: 'error' })).rejects.toThrow(TypeError);
    const loop = await fetchNode(`${server.base}/redirect-loop`).catch((error) => error);
    expect(loop).toBeInstanceOf(TypeError);
    expect(loop.cause.message).toContain('more than 20 redirects');
  });

  it('reports network failures as TypeError("fetch failed") with the undici error as cause', async () => {
    const spare = createServer();
    spare.listen(0, '127.0.0.1');
    await once(spare, 'listening');
    const { port } = spare.address() as AddressInfo;
    spare.close();
    const error = await fetchNode(`http://127.0.0.1:${port}/`).catch((e) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('fetch failed');
    expect(error.cause.code).toBe('ECONNREFUSED');
  });
});
