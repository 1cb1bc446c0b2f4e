import type {
  ClientContext,
  FetchLike,
  LoggingMessageNotificationParams,
  RequestOptions,
} from '@modelcontextprotocol/client';
import { sseRewriteMessages } from '../wire/sse-rewrite-messages.ts';
import { type AttributedLog, LoggingCalls } from './logging-calls.ts';

/** A JSON-RPC request id. */
type JsonRpcId = string | number;

/** Names the tool call a request belongs to, from the call to our fetch, which removes it again. */
const CALL_HEADER = 'x-switchboard-call';

/**
 * What {@link AskingCalls.askingCall} names for a request whose id the streams of several calls
 * carried: a tag no call has (calls' tags are numbers), so the request is refused rather than
 * guessed, as it may be any of theirs.
 */
const SEVERAL_CALLS = 'several-calls';

/**
 * Which tool call a server's request (elicitation, sampling) belongs to, where the protocol
 * tells: each request of a call carries the call's tag in its request options; over Streamable
 * HTTP (2025) the server's request arrives on the response stream of the call's own POST, and
 * in 2026-07-28 it is embedded in the call's `input_required` result. Over stdio, in memory,
 * and on the standalone stream nothing tells, and the request stays unattributed. A server's
 * log message is attributed the same way, by the call stream that carried it ({@link readLog}).
 */
export class AskingCalls {
  /** Which call a server's log message came from: marked on the same streams (see {@link fetch}). */
  readonly #logging = new LoggingCalls();
  /**
   * Ids of server requests seen on calls' response streams, and the tags of the calls whose stream
   * carried each: one, unless a server numbering each stream's requests afresh reused the id.
   */
  readonly #byRequestId = new Map<JsonRpcId, string[]>();
  /** Handler contexts of requests embedded in a call's result, and that call's tag. */
  readonly #byContext = new WeakMap<ClientContext, string>();

  /** Request-option headers naming the call tagged `tag`. */
  headers(tag: string): Record<string, string> {
    return { [CALL_HEADER]: tag };
  }

  /** The tag named in request options' headers, if any. */
  tagIn(headers: RequestOptions['headers']): string | undefined {
    return headers?.[CALL_HEADER];
  }

  /**
   * `base` (or the global fetch) for the Streamable HTTP transport: a request naming a call
   * leaves without that header, the requests the server sends on its event-stream response
   * are noted as that call's, and the log messages on it are marked as that call's.
   */
  fetch(base?: FetchLike): FetchLike {
    return async (url, init) => {
      const headers = new Headers(init?.headers);
      const tag = headers.get(CALL_HEADER);
      const send = base ?? fetch;
      if (tag === null) return send(url, init);
      headers.delete(CALL_HEADER);
      const response = await send(url, { ...init, headers });
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !response.body || !type.toLowerCase().startsWith('text/event-stream'))
        return response;
      const noted = response.body.pipeThrough(sseRewriteMessages((data) => this.#onMessage(data, tag)));
      return new Response(noted, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    };
  }

  /** Notes that `context` was built for a request embedded in the result of the call tagged `tag`. */
  markEmbedded(context: ClientContext, tag: string): ClientContext {
    this.#byContext.set(context, tag);
    return context;
  }

  /**
   * The tag of the call that asked the request handled with `context`, when known. When the
   * streams of several running calls carried a request with its id (a server numbering each
   * stream's requests afresh), it may be any of theirs: a tag no call has, until those calls end.
   */
  askingCall(context: ClientContext): string | undefined {
    const embedded = this.#byContext.get(context);
    if (embedded !== undefined) return embedded;
    const id = context.mcpReq.id;
    const tags = this.#byRequestId.get(id);
    if (tags !== undefined && tags.length > 1) return SEVERAL_CALLS;
    this.#byRequestId.delete(id);
    return tags?.[0];
  }

  /**
   * A server's log message as it sent it, and the tag of the call whose response stream carried
   * it; none for a message that came any other way (the standalone stream, stdio, SSE).
   */
  readLog(message: LoggingMessageNotificationParams): AttributedLog {
    return this.#logging.read(message);
  }

  /** Drops what was noted for the call tagged `tag` (it ended). */
  forget(tag: string): void {
    for (const [id, tags] of this.#byRequestId) {
      const others = tags.filter((noted) => noted !== tag);
      if (others.length === 0) this.#byRequestId.delete(id);
      else if (others.length < tags.length) this.#byRequestId.set(id, others);
    }
  }

  /**
   * Notes a server request among the messages on the stream of the call tagged `tag`, before it
   * goes on; the data to send on instead when it is a log message (marked as the call's).
   */
  #onMessage(data: string, tag: string): string | undefined {
    // Most events are the call's result, often large: only a message with a method (a request or
    // notification) is worth parsing. Its key could hide from this look only behind a \u escape.
    if (!data.includes('"method"') && !data.includes('\\u')) return undefined;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return undefined;
    }
    const id = requestId(message);
    if (id !== undefined) this.#note(id, tag);
    return this.#logging.mark(message, tag);
  }

  #note(id: JsonRpcId, tag: string): void {
    const tags = this.#byRequestId.get(id) ?? [];
    if (!tags.includes(tag)) this.#byRequestId.set(id, [...tags, tag]);
  }
}

/** The id of `message` when it is a JSON-RPC request (it has a method and an id). */
function requestId(message: unknown): JsonRpcId | undefined {
  if (typeof message !== 'object' || message === null || !('method' in message) || !('id' in message))
    return undefined;
  const { id } = message;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}
