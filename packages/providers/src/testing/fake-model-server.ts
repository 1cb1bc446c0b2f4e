import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AnthropicPromptCache, withCacheUsage } from './anthropic-prompt-cache.ts';
import { anthropicRequestError } from './anthropic-request-limits.ts';
import { openaiRequestError } from './openai-request-limits.ts';

/** A request the fake server received. */
export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/v1/messages`. */
  path: string;
  headers: Record<string, string>;
  /** The JSON body, parsed (or the raw text when it is not JSON). */
  body: unknown;
}

/** Replays a recorded event stream (`text/event-stream`), event by event. */
export interface FakeStreamReply {
  kind: 'stream';
  /** The wire text: SSE events separated by blank lines, exactly as the vendor sends them. */
  body: string;
  status?: number;
  headers?: Record<string, string>;
  /** Send only the first N events, then cut: `destroy` the socket (default) or `end` the response cleanly. */
  cutAfterEvents?: number;
  cutMode?: 'destroy' | 'end';
  /** After the events, keep the response open until the client goes away (for abort tests). */
  holdOpen?: boolean;
}

/** Answers with a JSON body, e.g. an error. */
export interface FakeJsonReply {
  kind: 'json';
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** One scripted answer. */
export type FakeReply = FakeStreamReply | FakeJsonReply;

/** A scripted answer, or a function that builds it from the request (to look at tool results). */
export type FakeScript = FakeReply | ((request: RecordedRequest) => FakeReply);

/** Options of {@link startFakeModelServer}. */
export interface FakeModelServerOptions {
  /**
   * Simulate Anthropic's prompt cache: each streamed Messages reply reports the input, cache-read and
   * cache-write tokens Anthropic would for its request's breakpoints (approximate token counts; see
   * `AnthropicPromptCache`), replacing the script's. Default false.
   */
  anthropicPromptCache?: boolean;
}

/** A local HTTP server speaking the Anthropic and OpenAI wire protocols from a script. */
export interface FakeModelServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** The base URL for the Anthropic SDK (it appends `/v1/messages`). */
  readonly anthropicBaseURL: string;
  /** The base URL for the OpenAI SDK (it appends `/chat/completions`). */
  readonly openaiBaseURL: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** Queues answers; each request takes the next one, whatever its path. */
  enqueue(...scripts: FakeScript[]): void;
  /** How many queued answers are left. */
  pending(): number;
  close(): Promise<void>;
}

/**
 * Starts a fake model vendor on 127.0.0.1 (a free port): each POST takes the next scripted answer —
 * a recorded stream (optionally cut in the middle or held open), or a JSON error with status and
 * headers (e.g. 429 with `retry-after`) — and is recorded for assertions. Like the real APIs, it first
 * enforces the vendors' published request limits (tool count, name, description, strict schemas):
 * a request that breaks one gets the vendor's 400 and takes no scripted answer. With nothing queued
 * it answers 500 with `x-should-retry: false`, saying so. For tests and benchmarks of the adapters,
 * the agent loop and the gateway.
 */
export async function startFakeModelServer(options: FakeModelServerOptions = {}): Promise<FakeModelServer> {
  const queue: FakeScript[] = [];
  const promptCache = options.anthropicPromptCache ? new AnthropicPromptCache() : undefined;
  const requests: RecordedRequest[] = [];

  const server = createServer(async (req, res) => {
    const recorded = await record(req);
    requests.push(recorded);
    const refused = limitError(recorded);
    if (refused !== undefined) {
      sendJson(res, refused);
      return;
    }
    const script = queue.shift();
    if (script === undefined) {
      const message = `fake model server: nothing scripted for ${recorded.method} ${recorded.path} (request ${requests.length})`;
      sendJson(res, {
        kind: 'json',
        status: 500,
        body: { error: { type: 'fake_server_error', message } },
        headers: { 'x-should-retry': 'false' },
      });
      return;
    }
    const reply = typeof script === 'function' ? script(recorded) : script;
    if (reply.kind === 'json') sendJson(res, reply);
    else if (promptCache && isMessagesPath(recorded.path))
      await sendStream(res, withCacheUsage(reply, promptCache.use(recorded.body)));
    else await sendStream(res, reply);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    anthropicBaseURL: url,
    openaiBaseURL: `${url}/v1`,
    requests,
    enqueue: (...scripts) => {
      queue.push(...scripts);
    },
    pending: () => queue.length,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The vendor's 400 for a request over its published limits, by the API the path names. */
function limitError(request: RecordedRequest): FakeJsonReply | undefined {
  const path = request.path.split('?')[0] ?? '';
  if (path.endsWith('/chat/completions')) return openaiRequestError(request.body);
  if (isMessagesPath(path)) return anthropicRequestError(request.body);
  return undefined;
}

function isMessagesPath(path: string): boolean {
  return (path.split('?')[0] ?? '').endsWith('/messages');
}

async function record(req: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text.
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { method: req.method ?? 'GET', path: req.url ?? '/', headers, body };
}

function sendJson(res: ServerResponse, reply: FakeJsonReply): void {
  res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
  res.end(JSON.stringify(reply.body));
}

async function sendStream(res: ServerResponse, reply: FakeStreamReply): Promise<void> {
  res.writeHead(reply.status ?? 200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...reply.headers,
  });
  const events = splitEvents(reply.body);
  const sent = reply.cutAfterEvents ?? events.length;
  for (const event of events.slice(0, sent)) {
    if (res.destroyed) return;
    // Wait until each event is flushed, so it leaves as its own chunk (as a live stream's would)
    // and a cut that follows never swallows it.
    await new Promise((resolve) => res.write(event, resolve));
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (sent < events.length && (reply.cutMode ?? 'destroy') === 'destroy') {
    res.socket?.destroy();
  } else if (!reply.holdOpen) {
    res.end();
  }
}

/** Splits wire text into events, each with its terminating blank line. */
function splitEvents(body: string): string[] {
  return body
    .replace(/\r\n/g, '\n')
    .split('\n\n')
    .filter((event) => event.trim() !== '')
    .map((event) => `${event}\n\n`);
}
