import type { ClientContext } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AskingCalls } from '../../src/mcp/calls/asking-calls.ts';
import { listen, type RunningHttpServer } from '../fixtures/http-servers.ts';

/** A handler context of a server request with this JSON-RPC id (all `askingCall` reads of it). */
const requestWithId = (id: number) => ({ mcpReq: { id } }) as unknown as ClientContext;

describe('AskingCalls, when two calls’ streams carry server requests with the same id', () => {
  // A server whose every POST answers on a fresh event stream asking request 0, as a server that
  // builds a new instance per request (request ids start over on each) does.
  let server: RunningHttpServer;
  beforeAll(async () => {
    server = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('event: message\ndata: {"jsonrpc":"2.0","id":0,"method":"elicitation/create","params":{}}\n\n');
    });
  });
  afterAll(() => server.close());

  async function post(asking: AskingCalls, tag: string): Promise<void> {
    const fetch = asking.fetch();
    const response = await fetch(server.url, { method: 'POST', headers: asking.headers(tag) });
    await response.text();
  }

  test('attributes the requests to neither call (nor leaves them to guessing), so neither person gets the other’s question', async () => {
    const asking = new AskingCalls();
    await post(asking, 'A');
    await post(asking, 'B');

    for (const _request of ['A’s', 'B’s']) {
      const tag = asking.askingCall(requestWithId(0));
      expect(tag).toBeDefined();
      expect(['A', 'B']).not.toContain(tag);
    }
  });

  test('attributes it to its call again once the earlier one was handled', async () => {
    const asking = new AskingCalls();
    await post(asking, 'A');
    expect(asking.askingCall(requestWithId(0))).toBe('A');
    await post(asking, 'B');
    expect(asking.askingCall(requestWithId(0))).toBe('B');
  });

  test('forgets a call’s part of a shared id when the call ends', async () => {
    const asking = new AskingCalls();
    await post(asking, 'A');
    await post(asking, 'B');
    asking.forget('A');
    expect(asking.askingCall(requestWithId(0))).toBe('B');
  });
});
