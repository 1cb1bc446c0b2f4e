import { fromJsonSchema, inputRequired, McpServer } from '@modelcontextprotocol/server';
import { type HttpServing, serveHttp } from '@switchboard/servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from './support/http-client.ts';
import { queuedModel } from './support/queued-model.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

/** A promise and its resolver, for the server's tool to tell the test what happened. */
interface Flag {
  promise: Promise<void>;
  resolve: () => void;
}

function flag(): Flag {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * A server whose `wait` tool runs until its caller cancels it (`notifications/cancelled`, seen as
 * the request's abort signal), and whose `ask` tool asks the person a form, then (once answered)
 * also waits until cancelled.
 */
async function startWaitingServer() {
  const started = new Map<string, Flag>();
  const cancelled = new Map<string, Flag>();
  const of = (map: Map<string, Flag>, key: string) => {
    let entry = map.get(key);
    if (!entry) {
      entry = flag();
      map.set(key, entry);
    }
    return entry;
  };
  const rounds = new Map<string, number>();
  const waitUntilCancelled = async (key: string, abort: AbortSignal) => {
    of(started, key).resolve();
    await new Promise<void>((resolve) => {
      if (abort.aborted) resolve();
      abort.addEventListener('abort', () => resolve(), { once: true });
    });
    of(cancelled, key).resolve();
    return { content: [{ type: 'text' as const, text: `cancelled ${key}` }] };
  };
  const serving: HttpServing = await serveHttp(() => {
    const server = new McpServer({ name: 'waiting', version: '1.0.0' });
    const keyed = fromJsonSchema<{ key: string }>({
      type: 'object',
      properties: { key: { type: 'string' } },
      required: ['key'],
    } as Parameters<typeof fromJsonSchema>[0]);
    server.registerTool(
      'wait',
      { description: 'Runs until cancelled.', inputSchema: keyed },
      ({ key }: { key: string }, ctx) => waitUntilCancelled(key, ctx.mcpReq.signal),
    );
    server.registerTool(
      'ask',
      { description: 'Asks the person, then runs until cancelled.', inputSchema: keyed },
      ({ key }: { key: string }, ctx) => {
        rounds.set(key, (rounds.get(key) ?? 0) + 1);
        if (ctx.mcpReq.inputResponses?.name) return waitUntilCancelled(key, ctx.mcpReq.signal);
        return inputRequired({
          inputRequests: {
            name: inputRequired.elicit({
              message: 'Your name?',
              requestedSchema: {
                type: 'object',
                properties: { name: { type: 'string' } },
                required: ['name'],
              },
            }),
          },
        });
      },
    );
    return server;
  });
  return {
    url: serving.url,
    started: (key: string) => of(started, key).promise,
    cancelled: (key: string) => of(cancelled, key).promise,
    rounds: (key: string) => rounds.get(key) ?? 0,
    close: () => serving.close(),
  };
}

/** The REST direct call (`POST /servers/{id}/tools/call`) whose HTTP client goes away. */
describe('direct tool calls: a client that disconnects cancels the call on the server', () => {
  let server: Awaited<ReturnType<typeof startWaitingServer>>;
  let gw: TestGateway;
  let serverId: string;

  beforeAll(async () => {
    server = await startWaitingServer();
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      servers: [{ name: 'waiting', url: server.url }],
      // Far longer than the test may run: only the client's going away can end the call.
      limits: { toolTimeoutMs: 600_000 },
    });
    serverId = ((await gw.alice.get('/servers')).body.items as Array<{ id: string }>)[0].id;
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
    await server?.close();
  });

  const call = (name: string, key: string, abort: AbortSignal, stream = false) =>
    gw.alice.fetch(`/servers/${serverId}/tools/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(stream ? { accept: 'text/event-stream' } : {}) },
      body: JSON.stringify({ name, arguments: { key } }),
      signal: abort,
    });

  it('a plain (JSON) call: the server sees the cancellation once the client aborts', async () => {
    const client = new AbortController();
    const response = call('wait', 'plain', client.signal).catch((error: Error) => error);
    await server.started('plain');
    client.abort();
    expect(await response).toBeInstanceOf(Error);
    await server.cancelled('plain');
  }, 15_000);

  it('a streamed call: the server sees the cancellation once the client drops the stream', async () => {
    const client = new AbortController();
    const response = call('wait', 'streamed', client.signal, true);
    await server.started('streamed');
    client.abort();
    await response.catch(() => undefined);
    await server.cancelled('streamed');
  }, 15_000);

  it('a streamed call waiting for a form: the form closes and the call does not go on', async () => {
    const client = new AbortController();
    let requestId = '';
    await readSse(await call('ask', 'form', client.signal, true), (message) => {
      if (message.data.type !== 'CUSTOM' || message.data.name !== 'elicitation_request') return false;
      requestId = message.data.value.requestId;
      return true;
    });
    client.abort();
    expect(requestId).not.toBe('');
    // The form closes once its caller went away: an answer that does not fit it (refused, 400,
    // while it waits, changing nothing) finds it closed.
    const probe = () =>
      gw.alice.post(`/servers/tool-calls/elicitations/${requestId}`, {
        action: 'accept',
        content: { name: 42 },
      });
    let late = await probe();
    while (late.status === 400) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      late = await probe();
    }
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('request_closed');
    // The call asked once and was not retried with a cancelled form.
    expect(server.rounds('form')).toBe(1);
  }, 15_000);
});
