import { type FetchLike, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { McpConnectionOptions } from '../connection/connection-options.ts';
import { SseEventEnds } from './sse-event-ends.ts';

/**
 * The default of {@link McpConnectionOptions.maxMessageBytes}: 16 MiB. Far above what a tool
 * result needs to be useful (the model is shown 10,000 characters of it; a few base64 images
 * take a few MiB, and results of 5 MiB are tested to come through), and the size of the longest
 * line the connection's event-stream rewriters are measured on; small enough that a server
 * cannot make the gateway hold more than a few times this much for one of its messages.
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

const encoder = new TextEncoder();

/**
 * Marks the JSON-RPC errors this module makes up in place of an oversized message, so that a
 * server cannot pass an error of its own off as one: it cannot know this process's mark.
 */
const MARK = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
  byte.toString(16).padStart(2, '0'),
).join('');

/** What the failing request is answered with when the server sent a message over the limit. */
export class MessageTooLargeError extends Error {
  readonly server: string;
  readonly maxMessageBytes: number;

  constructor(server: string, maxMessageBytes: number) {
    super(
      `MCP server "${server}" sent a message over ${formatBytes(maxMessageBytes)}; raise maxMessageBytes or fix the server`,
    );
    this.name = 'MessageTooLargeError';
    this.server = server;
    this.maxMessageBytes = maxMessageBytes;
  }
}

/**
 * The connection's options with its HTTP fetch limited to messages of `maxMessageBytes` (default
 * {@link DEFAULT_MAX_MESSAGE_BYTES}); see {@link limitMessageBytes}. Throws a `RangeError` when
 * `maxMessageBytes` is not a positive whole number.
 */
export function withMessageSizeLimit(options: McpConnectionOptions): McpConnectionOptions {
  const max = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  if (!Number.isSafeInteger(max) || max <= 0) {
    throw new RangeError(
      `McpConnection: \`maxMessageBytes\` must be a positive whole number of bytes, got ${options.maxMessageBytes}.`,
    );
  }
  return { ...options, fetch: limitMessageBytes(options.fetch, options.name, max) };
}

/**
 * `base` (or the global fetch), reading no more than `maxBytes` of any one message a server sends,
 * so that a server cannot make the client buffer without end. An event stream (a POST's response
 * or the standalone stream) passes on whole events only and may hold up to `maxBytes` since its
 * last event ended; any other body may be `maxBytes` in all (one declaring a larger
 * `Content-Length` is not read at all).
 *
 * Past the limit the body is cancelled (the server sees the connection close). When the body
 * answers a POST of JSON-RPC requests, an event stream ends with an error response to each of
 * them instead (the requests fail at once, not at their timeout, and the session goes on); any
 * other body errors with a {@link MessageTooLargeError}, which a POST's request fails with.
 */
export function limitMessageBytes(base: FetchLike | undefined, server: string, maxBytes: number): FetchLike {
  const tooLarge = () => new MessageTooLargeError(server, maxBytes);
  return async (url, init) => {
    const response = await (base ?? fetch)(url, init);
    if (!response.body || response.status < 200 || response.status > 599) return response;
    const type = (response.headers.get('content-type') ?? '').toLowerCase();
    let body: ReadableStream<Uint8Array>;
    if (type.startsWith('text/event-stream')) {
      body = response.body.pipeThrough(
        limitEvents(maxBytes, () => errorEvents(init?.body, server, maxBytes)),
      );
    } else if (Number(response.headers.get('content-length')) > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      body = erroredStream(tooLarge());
    } else {
      body = response.body.pipeThrough(limitWhole(maxBytes, tooLarge));
    }
    const limited = new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    // A constructed Response has no URL; the SDK reads it for redirect errors.
    return Object.defineProperties(limited, {
      url: { value: response.url },
      redirected: { value: response.redirected },
    });
  };
}

/**
 * How a failed request's error describes an oversized message the connection refused to read
 * (an error thrown by, or a JSON-RPC error made up by, {@link limitMessageBytes}); `undefined`
 * for any other error.
 */
export function describeOversizedMessage(error: unknown): { what: string; advice: string } | undefined {
  const limit =
    error instanceof MessageTooLargeError
      ? error.maxMessageBytes
      : error instanceof ProtocolError
        ? markedLimit(error.data)
        : undefined;
  if (limit === undefined) return undefined;
  return {
    what: `the server sent a message over ${formatBytes(limit)}, the most one message may take (maxMessageBytes); the rest of it was not read`,
    advice:
      'Raise `maxMessageBytes` for this server if its messages are meant to be that large, or fix the server.',
  };
}

/** `bytes` as people read it: `16 MiB`, `64 KiB`, `1000 bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * Passes an event stream on one whole event at a time (up to and including the blank line that
 * ends it), holding the bytes of the event not yet ended. When those exceed `maxBytes` they are
 * dropped and the body is cancelled: the stream ends with what `overflow` gives (events that
 * answer the POST's requests), or errors with it.
 */
function limitEvents(
  maxBytes: number,
  overflow: () => Uint8Array | Error,
): TransformStream<Uint8Array, Uint8Array> {
  const events = new SseEventEnds();
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  return new TransformStream({
    transform(chunk, controller) {
      const end = events.in(chunk).at(-1) ?? -1;
      let rest = chunk;
      if (end !== -1) {
        for (const part of held) controller.enqueue(part);
        held = [];
        heldBytes = 0;
        controller.enqueue(chunk.subarray(0, end));
        rest = chunk.subarray(end);
      }
      if (rest.length === 0) return;
      heldBytes += rest.length;
      if (heldBytes <= maxBytes) {
        held.push(rest);
        return;
      }
      held = [];
      const instead = overflow();
      if (instead instanceof Error) return controller.error(instead);
      controller.enqueue(instead);
      controller.terminate();
    },
    flush(controller) {
      for (const part of held) controller.enqueue(part);
    },
  });
}

/** Passes a body on while it is no larger than `maxBytes` in all, then errors. */
function limitWhole(maxBytes: number, tooLarge: () => Error): TransformStream<Uint8Array, Uint8Array> {
  let bytes = 0;
  return new TransformStream({
    transform(chunk, controller) {
      bytes += chunk.length;
      if (bytes > maxBytes) controller.error(tooLarge());
      else controller.enqueue(chunk);
    },
  });
}

function erroredStream(error: Error): ReadableStream<Uint8Array> {
  return new ReadableStream({ start: (controller) => controller.error(error) });
}

/**
 * Error-response events for the JSON-RPC requests in a POST's body, saying the server sent a
 * message over the limit; the error itself when the body holds no request (nothing to answer).
 */
function errorEvents(body: RequestInit['body'], server: string, maxBytes: number): Uint8Array | Error {
  const ids = requestIds(body);
  if (ids.length === 0) return new MessageTooLargeError(server, maxBytes);
  const { message } = new MessageTooLargeError(server, maxBytes);
  const events = ids.map((id) => {
    const error = { code: ProtocolErrorCode.InternalError, message, data: { [MARK]: maxBytes } };
    return `data: ${JSON.stringify({ jsonrpc: '2.0', id, error })}\n\n`;
  });
  return encoder.encode(events.join(''));
}

/** The ids of the JSON-RPC requests in a POST's body (read only once its answer grew too large). */
function requestIds(body: RequestInit['body']): Array<string | number> {
  if (typeof body !== 'string') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const messages: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  return messages.flatMap((message) => {
    if (typeof message !== 'object' || message === null || !('method' in message)) return [];
    const id = (message as { id?: unknown }).id;
    return typeof id === 'string' || typeof id === 'number' ? [id] : [];
  });
}

/** The limit marked in a made-up error's `data`, if it is one. */
function markedLimit(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const limit = (data as Record<string, unknown>)[MARK];
  return typeof limit === 'number' ? limit : undefined;
}
